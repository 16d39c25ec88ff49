import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../api/accounts/session';
import { useAddToWishlist } from '../api/wishlist/add-to-wishlist';
import { useWishlist } from '../api/wishlist/get-wishlist';
import { useRemoveFromWishlist } from '../api/wishlist/remove-from-wishlist';
import { loginPath } from '../config/site';
import { notify } from './notify';

const ICON_SIZE = { sm: 16, md: 20, lg: 24 } as const;
/** The button one step bigger than its icon, so a phone's thumb finds it (28, 34, 44 px). */
const BUTTON_SIZE = { sm: 'md', md: 'lg', lg: 'xl' } as const;

interface WishlistButtonProps {
  productId: number;
  /** `sm` on cards, `lg` on the product page. */
  size?: keyof typeof ICON_SIZE;
  /** Extra styling from the place that shows it (e.g. a card's corner). */
  className?: string;
  variant?: ActionIconProps['variant'];
}

/**
 * The heart on cards and the product page (marketplace.md: a customer keeps a wishlist). A
 * signed-in customer toggles it at once (`PUT` or `DELETE /api/wishlist/items/{id}`) and it
 * turns back, with the server's message as a toast, if the save fails; a visitor goes to the
 * customer login and comes back here; staff never see it. It is on the home page's first
 * download, so it stays small: the wishlist is only asked for when a customer is signed in.
 */
export function WishlistButton({
  productId,
  size = 'md',
  className,
  variant = 'default',
}: WishlistButtonProps) {
  const { user } = useSession();
  const isCustomer = user?.role === 'customer';
  const wishlist = useWishlist({ enabled: isCustomer });
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const navigate = useNavigate();
  const location = useLocation();

  if (user && !isCustomer) return null;

  const saved = wishlist.data?.items.some((item) => item.productId === productId) ?? false;
  // Optimistic: while a save is on its way the heart shows what was asked for; when it fails the
  // mutation resets and the heart shows the cached (unchanged) list again.
  const pending = add.isPending ? true : remove.isPending ? false : null;
  const shown = pending ?? saved;

  const handleClick = () => {
    if (user === undefined || add.isPending || remove.isPending) return;
    if (!isCustomer) {
      void navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    const mutation = shown ? remove : add;
    mutation.mutate(productId, {
      onError: (error) => {
        mutation.reset();
        void notify({ color: 'red', message: error.message, autoClose: 4000 });
      },
    });
  };

  const Icon = shown ? IconHeartFilled : IconHeart;
  return (
    <ActionIcon
      variant={variant}
      radius="xl"
      size={BUTTON_SIZE[size]}
      color="red"
      className={className}
      aria-label={shown ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={shown}
      onClick={handleClick}
    >
      <Icon size={ICON_SIZE[size]} color={shown ? 'var(--mantine-color-red-6)' : undefined} />
    </ActionIcon>
  );
}
