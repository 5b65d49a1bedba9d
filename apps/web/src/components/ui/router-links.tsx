import { Anchor, type AnchorProps, NavLink, type NavLinkProps, Paper, type PaperProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AnchorElementProps<P> = P & Omit<ComponentPropsWithRef<'a'>, keyof P>;

/**
 * Mantine parts as router links whose `to`, `params` and `search` are checked against the routes
 * (with `component={Link}` Mantine's typing hides them).
 */
export const AnchorLink = createLink((props: AnchorElementProps<AnchorProps>) => (
  <Anchor component="a" {...props} />
));

/** A card that is a link (the dashboard's phase counts). */
export const PaperLink = createLink((props: AnchorElementProps<PaperProps>) => (
  <Paper component="a" {...props} />
));

/** A navigation entry (the main navigation, the settings sections). */
export const NavLinkLink = createLink((props: AnchorElementProps<NavLinkProps>) => (
  <NavLink component="a" {...props} />
));
