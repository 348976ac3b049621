import { Globe, LayoutDashboard, ShoppingBag, TrendingUp, type LucideIcon } from 'lucide-react';
import type { Service } from '../../../domain/marketing.ts';

export const serviceIcons: Record<Service['key'], LucideIcon> = {
  socialMediaGrowth: TrendingUp,
  merchLaunch: ShoppingBag,
  websiteBuilding: Globe,
  contentManagement: LayoutDashboard,
};
