/** Sidebar and mobile-menu entries (spec section 2, "Sidebar (desktop) and mobile menu"). */
import {
  Bot,
  Building2,
  LayoutDashboard,
  LayoutTemplate,
  MessageSquare,
  PlusCircle,
  Radio,
  ShieldCheck,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

export const sidebarItems: NavItem[] = [
  { label: "Dashboard", href: "/", icon: LayoutDashboard },
  { label: "Agents", href: "/agents", icon: Bot },
  { label: "Chat", href: "/chat", icon: MessageSquare },
  { label: "Live", href: "/live", icon: Radio },
  { label: "Templates", href: "/templates", icon: LayoutTemplate },
  { label: "Create Agent", href: "/create", icon: PlusCircle },
  { label: "Account", href: "/account", icon: UserCog },
];

export const adminItems: NavItem[] = [
  { label: "Admin Panel", href: "/admin", icon: ShieldCheck },
  { label: "User Management", href: "/admin-users", icon: Users },
  { label: "Company Management", href: "/admin-companies", icon: Building2 },
];

export const mobileItems: NavItem[] = [
  { label: "Dashboard", href: "/", icon: LayoutDashboard },
  { label: "My Agents", href: "/agents", icon: Bot },
  { label: "Chat", href: "/chat", icon: MessageSquare },
  { label: "Live", href: "/live", icon: Radio },
  { label: "Templates", href: "/templates", icon: LayoutTemplate },
  { label: "Account", href: "/account", icon: UserCog },
];

export const mobileAdminItems: NavItem[] = [{ label: "Admin Panel", href: "/admin", icon: ShieldCheck }];

export function isActivePath(current: string, href: string): boolean {
  return href === "/" ? current === "/" : current === href || current.startsWith(`${href}/`);
}
