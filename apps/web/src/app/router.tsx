import { type ComponentType, useMemo } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { RouteError, RouteLoading } from './routes/route-error';

// Screens load on demand so the landing page stays small; the admin chart library comes with /admin.
const lazyRoute =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => {
    const module = await load();
    return { Component: module[name] };
  };

const dashboard = lazyRoute(() => import('./routes/admin/dashboard'), 'DashboardRoute');
const createTrigger = lazyRoute(() => import('./routes/admin/create-trigger'), 'CreateTriggerRoute');
const manageTriggers = lazyRoute(() => import('./routes/admin/manage-triggers'), 'ManageTriggersRoute');
const editTrigger = lazyRoute(() => import('./routes/admin/edit-trigger'), 'EditTriggerRoute');
const publicPage = (name: keyof typeof import('./routes/public-pages')) =>
  lazyRoute(() => import('./routes/public-pages'), name);
const accountLink = (name: keyof typeof import('./routes/account-links')) =>
  lazyRoute(() => import('./routes/account-links'), name);
const notFound = lazyRoute(() => import('./routes/not-found'), 'NotFoundRoute');
const adminNotFound = lazyRoute(() => import('./routes/not-found'), 'AdminNotFoundRoute');

/** SPEC §2.1 and §2.2. The un-prefixed creator links render the same screens inside the admin shell. */
export function createAppRouter() {
  const routes: RouteObject[] = [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        { path: '/', lazy: lazyRoute(() => import('./routes/landing'), 'LandingRoute') },
        { path: '/landing', lazy: lazyRoute(() => import('./routes/landing'), 'LandingRoute') },
        { path: '/listener', lazy: lazyRoute(() => import('./routes/listener'), 'ListenerRoute') },
        { path: '/api-docs', lazy: publicPage('ApiDocsRoute') },
        { path: '/nav-test', lazy: lazyRoute(() => import('./routes/nav-test'), 'NavTestRoute') },
        { path: '/pricing', lazy: lazyRoute(() => import('./routes/pricing'), 'PricingRoute') },
        { path: '/checkout', lazy: lazyRoute(() => import('./routes/checkout'), 'CheckoutRoute') },
        { path: '/forgot-password', lazy: accountLink('ForgotPasswordRoute') },
        { path: '/reset-password', lazy: accountLink('ResetPasswordRoute') },
        { path: '/verify-email', lazy: accountLink('VerifyEmailRoute') },
        { path: '/confirm-email', lazy: accountLink('ConfirmEmailRoute') },
        {
          path: '/invitations/:token',
          lazy: lazyRoute(() => import('./routes/invitation'), 'InvitationRoute'),
        },
        {
          path: '/payment-success',
          lazy: lazyRoute(() => import('./routes/payment-success'), 'PaymentSuccessRoute'),
        },
        {
          lazy: lazyRoute(() => import('./routes/admin/root'), 'AdminRoot'),
          children: [
            { path: '/admin', lazy: dashboard },
            { path: '/dashboard', lazy: dashboard },
            { path: '/admin/create-trigger', lazy: createTrigger },
            { path: '/create-trigger', lazy: createTrigger },
            { path: '/admin/manage-triggers', lazy: manageTriggers },
            { path: '/manage-triggers', lazy: manageTriggers },
            { path: '/admin/edit-trigger/:id', lazy: editTrigger },
            { path: '/edit-trigger/:id', lazy: editTrigger },
            {
              path: '/admin/unified-trigger',
              lazy: lazyRoute(() => import('./routes/admin/unified-trigger'), 'UnifiedTriggerRoute'),
            },
            {
              path: '/admin/mobile-simulator',
              lazy: lazyRoute(() => import('./routes/admin/mobile-simulator'), 'MobileSimulatorRoute'),
            },
            {
              path: '/admin/campaigns',
              lazy: lazyRoute(() => import('./routes/admin/campaigns'), 'CampaignsRoute'),
            },
            {
              path: '/admin/campaigns/:id',
              lazy: lazyRoute(() => import('./routes/admin/campaign-detail'), 'CampaignDetailRoute'),
            },
            {
              path: '/admin/ab-tests',
              lazy: lazyRoute(() => import('./routes/admin/ab-tests'), 'AbTestsRoute'),
            },
            {
              path: '/admin/ab-tests/new',
              lazy: lazyRoute(() => import('./routes/admin/ab-tests'), 'NewAbTestRoute'),
            },
            {
              path: '/admin/ab-tests/:id',
              lazy: lazyRoute(() => import('./routes/admin/ab-test-detail'), 'AbTestDetailRoute'),
            },
            {
              path: '/admin/segments',
              lazy: lazyRoute(() => import('./routes/admin/segments'), 'SegmentsRoute'),
            },
            {
              path: '/admin/embed-trigger',
              lazy: lazyRoute(() => import('./routes/admin/embed-trigger'), 'EmbedTriggerRoute'),
            },
            {
              path: '/admin/segment-embedding',
              lazy: lazyRoute(() => import('./routes/admin/segment-embedding'), 'SegmentEmbeddingRoute'),
            },
            {
              path: '/admin/media-management',
              lazy: lazyRoute(() => import('./routes/admin/media-management'), 'MediaManagementRoute'),
            },
            {
              path: '/admin/analytics',
              lazy: lazyRoute(() => import('./routes/admin/analytics'), 'AnalyticsRoute'),
            },
            {
              path: '/admin/settings',
              lazy: lazyRoute(() => import('./routes/admin/settings'), 'SettingsRoute'),
            },
            { path: '/admin/teams', lazy: lazyRoute(() => import('./routes/admin/teams'), 'TeamsRoute') },
            { path: '/admin/help', lazy: lazyRoute(() => import('./routes/admin/help'), 'HelpRoute') },
            {
              path: '/admin/receipts/:id',
              lazy: lazyRoute(() => import('./routes/admin/receipt'), 'ReceiptRoute'),
            },
            { path: '/admin/*', lazy: adminNotFound },
          ],
        },
        { path: '*', lazy: notFound },
      ],
    },
  ];
  return createBrowserRouter(routes);
}

export function AppRouter() {
  const router = useMemo(createAppRouter, []);
  return <RouterProvider router={router} />;
}
