import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

// SPEC §2.12: the same three destinations reached five different ways, to check each one works
// with the server's SPA fallback as well as with client-side routing.
const TARGETS = [
  { path: '/', label: 'Home' },
  { path: '/admin', label: 'Admin' },
  { path: '/listener', label: 'Listener' },
] as const;

const linkClass = buttonVariants({ variant: 'outline', size: 'sm' });

type Target = (typeof TARGETS)[number];

/** '/admin' from /nav-test, written relative to this page's own location. */
const relative = (path: string) => (path === '/' ? '..' : `..${path}`);

/** The five ways, each a card of the three destinations. */
const WAYS: { title: string; description: string; testId: string; link: (t: Target) => ReactNode }[] = [
  {
    title: 'Absolute links',
    description: 'Router links with absolute paths.',
    testId: 'nav-absolute',
    link: (t) => (
      <Link key={t.path} to={t.path} className={linkClass}>
        {t.label} ({t.path})
      </Link>
    ),
  },
  {
    title: 'Relative links',
    description: 'Router links resolved against /nav-test.',
    testId: 'nav-relative',
    link: (t) => (
      <Link key={t.path} to={relative(t.path)} relative="path" className={linkClass}>
        {t.label} ({relative(t.path)})
      </Link>
    ),
  },
  {
    title: 'Direct page load',
    description: 'A full page load through location.assign.',
    testId: 'nav-direct',
    link: (t) => (
      <Button key={t.path} variant="outline" size="sm" onClick={() => window.location.assign(t.path)}>
        {t.label} ({t.path})
      </Button>
    ),
  },
  {
    title: 'New-tab links',
    description: 'Plain anchors with target=_blank.',
    testId: 'nav-new-tab',
    link: (t) => (
      <a key={t.path} href={t.path} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {t.label} <ExternalLink />
      </a>
    ),
  },
  {
    title: 'window.open',
    description: 'Opened from script in a new window.',
    testId: 'nav-window-open',
    link: (t) => (
      <Button
        key={t.path}
        variant="outline"
        size="sm"
        onClick={() => window.open(t.path, '_blank', 'noopener')}
      >
        {t.label} ({t.path})
      </Button>
    ),
  },
];

export function NavTestRoute() {
  useDocumentTitle('Navigation Test');
  return (
    <PublicLayout>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Navigation Test</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">
        Every link below should open its page, however it is followed.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {WAYS.map((way) => (
          <Card key={way.testId} data-testid={way.testId}>
            <CardHeader>
              <CardTitle>{way.title}</CardTitle>
              <CardDescription>{way.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">{TARGETS.map(way.link)}</CardContent>
          </Card>
        ))}
      </div>
    </PublicLayout>
  );
}
