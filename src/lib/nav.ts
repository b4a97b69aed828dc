/** Site navigation, shared by the header, the mobile drawer and the footer. */
export type NavLink = { href: string; label: string; description?: string };

export const PRODUCT_LINKS: NavLink[] = [
  { href: '/products/security-audit', label: 'Security Audit', description: 'Manual and formal review of smart contracts' },
  { href: '/products/skynet', label: 'Skynet', description: 'Continuous on-chain monitoring and analytics' },
  { href: '/products/skytrace', label: 'Skytrace', description: 'Follow funds across wallets and chains' },
  { href: '/products/pentest', label: 'Penetration Testing', description: 'Attack your web, API and infrastructure first' },
];

export const RESOURCES_LINK: NavLink = { href: '/resources/blog', label: 'Blog' };

export const COMPANY_LINKS: NavLink[] = [
  { href: '/company/about', label: 'About Us' },
  { href: '/company/careers', label: 'Careers' },
  { href: '/company/disclaimer', label: 'Disclaimer' },
  { href: '/company/terms-and-conditions', label: 'Terms and Conditions' },
  { href: '/company/privacy-policy', label: 'Privacy Policy' },
  { href: '/company/cookie-policy', label: 'Cookie Policy' },
];

export const SOCIAL_LINKS = [
  { href: 'https://x.com/sentinelratings', label: 'X (Twitter)', kind: 'social' },
  { href: 'https://t.me/sentinelratings', label: 'Telegram', kind: 'messaging' },
  { href: 'https://www.youtube.com/@sentinelratings', label: 'YouTube', kind: 'video' },
  { href: 'https://medium.com/@sentinelratings', label: 'Medium', kind: 'blog' },
  { href: 'https://www.linkedin.com/company/sentinelratings', label: 'LinkedIn', kind: 'professional' },
] as const;

/** The chat app whose QR code shows on hover (and on keyboard focus). */
export const CHAT_LINK = { href: 'https://discord.gg/sentinelratings', label: 'Discord' } as const;
