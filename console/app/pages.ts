// Which screen each route of core/routes.ts shows. Every screen is its own code part.
import type { ComponentType } from 'react';
import { lazyPage } from './lazyPage';

export interface PageProps {
  params: Record<string, string>;
  titleKey: string;
}

const comingSoon = lazyPage<PageProps>(() => import('../pages/ComingSoonPage'));

export const PAGES: Record<string, ComponentType<PageProps>> = {
  dashboard: lazyPage<PageProps>(() => import('../pages/DashboardPage')),
};

export function pageFor(name: string): ComponentType<PageProps> {
  return PAGES[name] ?? comingSoon;
}
