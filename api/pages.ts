/**
 * Every page path of the app, in one place: src/App.tsx routes them and the server answers them with 200 (any other
 * path gets the app's not-found page with a 404). Imported by the server, so it imports nothing.
 */
export const PAGE_PATHS = {
  home: '/',
  project: '/projects/:id',
  product: '/products/:slug',
  company: '/company/:slug',
  blog: '/resources/blog',
  blogPost: '/resources/blog/:slug',
  methodology: '/resources/methodology',
  incidents: '/resources/incidents',
  watchlists: '/my/watchlists',
  sharedWatchlist: '/w/:token',
  settings: '/my/settings',
  portfolio: '/my/portfolio',
  notifications: '/my/notifications',
  unsubscribe: '/notifications/unsubscribe',
  login: '/auth/login',
  signup: '/auth/signup',
  serverError: '/500',
  announcementAdmin: '/admin/announcement',
  auditAdmin: '/admin/audits',
  incidentAdmin: '/admin/incidents',
  developersApi: '/developers/api',
  compare: '/compare',
} as const;
