import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSession } from '../api/accounts/session';
import { useAddToWishlist } from '../api/wishlist/add-to-wishlist';
import { useWishlist } from '../api/wishlist/get-wishlist';
import { useRemoveFromWishlist } from '../api/wishlist/remove-from-wishlist';
import { loginPath } from '../config/site';
import { useEarlyAction } from './early-action';
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
 * The heart on cards and the product page (docs/shopping.md: a customer keeps a wishlist). A
 * signed-in customer toggles it at once (`wishlistApi.addWishlistItem` or `removeWishlistItem`) and
 * it turns back, with the server's message as a toast, if the save fails; a visitor goes to the
 * customer login and comes back here; staff never see it. It is on the home page's first download,
 * so it stays small: the wishlist is only asked for when a customer is signed in, and a visitor's
 * heart (every card of a first visit, up to 44 on the home page) holds no wishlist query or save
 * hooks at all, which React would otherwise set up while the page hydrates (docs/performance.md).
 */
export function WishlistButton(props: WishlistButtonProps) {
  const { user } = useSession();
  if (user && user.role !== 'customer') return null;
  if (user) return <CustomerWishlistButton {...props} />;
  return <VisitorWishlistButton {...props} sessionLoading={user === undefined} />;
}

/** A visitor's heart: to the customer login, which comes back to this page. */
function VisitorWishlistButton({
  sessionLoading,
  ...props
}: WishlistButtonProps & { sessionLoading: boolean }) {
  const navigate = useNavigate();
  const handleClick = () => {
    if (sessionLoading) return;
    void navigate(loginPath(`${window.location.pathname}${window.location.search}`));
  };
  return <Heart {...props} saved={false} onClick={handleClick} />;
}

/** A customer's heart: saved or not, toggled at once and turned back if the save fails. */
function CustomerWishlistButton(props: WishlistButtonProps) {
  const wishlist = useWishlist();
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const { productId } = props;

  const saved = wishlist.data?.items.some((item) => item.productId === productId) ?? false;
  // Optimistic: while a save is on its way the heart shows what was asked for; when it fails the
  // mutation resets and the heart shows the cached (unchanged) list again.
  const pending = add.isPending ? true : remove.isPending ? false : null;
  const shown = pending ?? saved;

  const handleClick = () => {
    if (add.isPending || remove.isPending) return;
    const mutation = shown ? remove : add;
    mutation.mutate(productId, {
      onError: (error) => {
        mutation.reset();
        void notify({ color: 'red', message: error.message, autoClose: 4000 });
      },
    });
  };
  return <Heart {...props} saved={shown} onClick={handleClick} />;
}

function Heart({
  productId,
  size = 'md',
  className,
  variant = 'default',
  saved,
  onClick,
}: WishlistButtonProps & { saved: boolean; onClick: () => void }) {
  const Icon = saved ? IconHeartFilled : IconHeart;
  // A click on the server's heart before the app has taken it over is replayed then.
  const early = useEarlyAction<HTMLButtonElement>(`wishlist:${productId}`);
  return (
    <ActionIcon
      {...early}
      variant={variant}
      radius="xl"
      size={BUTTON_SIZE[size]}
      color="red"
      className={className}
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={saved}
      onClick={onClick}
    >
      <Icon size={ICON_SIZE[size]} color={saved ? 'var(--mantine-color-red-6)' : undefined} />
    </ActionIcon>
  );
}
