import { Button, type ButtonProps } from '@mantine/core';
import { IconBolt, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { loginPath } from '../config/site';

interface PurchaseButtonsProps {
  /** The product's name, for the buttons' accessible names on cards (`Add Kurta to cart`). */
  productName?: string;
  outOfStock: boolean;
  /** Where login sends the visitor back to (the product's page). */
  returnTo: string;
  size: 'xs' | 'md';
}

/**
 * Add to cart and Buy now (marketplace.md section 2, cards and product detail). Until customer
 * login exists both lead to the login page and come back to `returnTo`; out of stock disables
 * both.
 */
export function PurchaseButtons({ productName, outOfStock, returnTo, size }: PurchaseButtonsProps) {
  const iconSize = size === 'xs' ? 16 : 18;
  const buttons: { label: string; ariaLabel?: string; props: ButtonProps }[] = [
    {
      label: 'Add to cart',
      ariaLabel: productName && `Add ${productName} to cart`,
      props: { variant: 'light', leftSection: <IconShoppingCartPlus size={iconSize} /> },
    },
    {
      label: 'Buy now',
      ariaLabel: productName && `Buy ${productName} now`,
      props: { color: 'orange', leftSection: <IconBolt size={iconSize} /> },
    },
  ];
  return buttons.map(({ label, ariaLabel, props }) =>
    outOfStock ? (
      <Button key={label} {...props} size={size} disabled>
        {label}
      </Button>
    ) : (
      <Button
        key={label}
        {...props}
        size={size}
        component={Link}
        to={loginPath(returnTo)}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
    ),
  );
}
