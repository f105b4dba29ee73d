import { BRAND } from '@tonemark/shared';
import {
  ArrowRight,
  AudioWaveform,
  ChartColumn,
  Ear,
  Film,
  Headphones,
  LayoutDashboard,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Zap,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/api/get-me';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { LandingPricing } from '@/features/pricing/components/landing-pricing';
import { PremiumOffer } from '@/features/pricing/components/premium-offer';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { safeRedirectPath } from '@/lib/safe-redirect';

const FOOTER_LINKS = [
  ['/listener', 'Listener App'],
  ['/admin', 'Admin Dashboard'],
  ['/api-docs', 'Documentation'],
  ['/api-docs', 'API Reference'],
  ['/pricing', 'Pricing'],
] as const;

type AudienceTab = 'audience' | 'creator';

const FEATURES = [
  {
    icon: AudioWaveform,
    title: 'Four-tone triggers',
    text: 'Each trigger is a pattern of four frequencies between 500 and 2000 Hz, audible or near-inaudible.',
  },
  {
    icon: Film,
    title: 'Embed in any media',
    text: 'Mix triggers into podcasts, videos, ads and live streams at the exact second you choose.',
  },
  {
    icon: Zap,
    title: 'Instant actions',
    text: 'Open a link, launch an app, unlock a reward or fire a custom action the moment a tone is heard.',
  },
  {
    icon: ChartColumn,
    title: 'Real analytics',
    text: 'See activations, success rate, device compatibility and battery impact for every trigger.',
  },
];

const STEPS = [
  { title: 'Create', text: 'Design a trigger and choose what it does.' },
  { title: 'Embed', text: 'Place it in your audio or video content.' },
  { title: 'Engage', text: 'Listeners hear it and your action runs on their phone.' },
];

function CreatorPanel({ next }: { next: string }) {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  const done = () => navigate(next, { replace: true });

  if (user) {
    return (
      <div className="grid gap-4 text-center" data-testid="signed-in-panel">
        <p className="text-sm text-slate-600">
          Signed in as <span className="font-medium text-slate-900">{user.username}</span> ({user.email})
        </p>
        <Link to={next} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          <LayoutDashboard /> Go to Dashboard
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">
          {mode === 'signin' ? 'Sign in to your dashboard' : 'Create your creator account'}
        </h2>
        <p className="text-sm text-slate-500">
          {mode === 'signin'
            ? 'Manage, test and embed your sound triggers.'
            : 'Start on the Free plan: no card needed.'}
        </p>
      </div>
      {mode === 'signin' ? <LoginForm onSuccess={done} /> : <RegisterForm onSuccess={done} />}
      <p className="text-center text-sm text-slate-500">
        {mode === 'signin' ? 'New to Tonemark?' : 'Already have an account?'}{' '}
        <button
          type="button"
          className="font-medium text-indigo-600 hover:underline"
          onClick={() => setMode(mode === 'signin' ? 'register' : 'signin')}
          data-testid="auth-mode-toggle"
        >
          {mode === 'signin' ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </div>
  );
}

export function LandingRoute() {
  useDocumentTitle(undefined);
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<AudienceTab>(searchParams.get('tab') === 'creator' ? 'creator' : 'audience');
  const next = safeRedirectPath(searchParams.get('next'));
  const { data: user } = useUser();
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  // /landing#pricing from another page or a shared link: this screen loads after the browser's own
  // jump to the anchor, so it scrolls there itself once the section exists.
  useEffect(() => {
    const id = hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  function changeTab(value: string) {
    const nextTab: AudienceTab = value === 'creator' ? 'creator' : 'audience';
    setTab(nextTab);
    const params = new URLSearchParams(searchParams);
    params.set('tab', nextTab);
    setSearchParams(params, { replace: true });
  }

  function openCreator() {
    if (user) {
      navigate('/admin');
      return;
    }
    changeTab('creator');
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }

  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-20 border-b border-slate-100 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link to="/landing" aria-label={`${BRAND} home`}>
            <BrandMark />
          </Link>
          <nav className="flex items-center gap-1 sm:gap-2">
            <a
              href="#features"
              className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'hidden sm:inline-flex' })}
            >
              Features
            </a>
            <a
              href="#pricing"
              className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'hidden sm:inline-flex' })}
            >
              Pricing
            </a>
            <Link to="/listener" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              Listener
            </Link>
            <Button size="sm" onClick={openCreator}>
              <LayoutDashboard /> Dashboard
            </Button>
          </nav>
        </div>
      </header>

      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
        <div className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-violet-200/40 blur-3xl" />
        <div className="pointer-events-none absolute top-40 -left-32 size-80 rounded-full bg-indigo-200/40 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-20">
          <div>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
              <Sparkles className="size-3.5" /> Sound triggers for your media
            </span>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Turn any sound into an{' '}
              <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
                action
              </span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600">
              {BRAND} hides short tone patterns in your audio and video. When a listener's phone hears one, it
              opens your link, launches your app or unlocks a reward — no QR codes, no typing.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/listener" className={buttonVariants({ size: 'lg' })}>
                <Headphones /> Try Listener App
              </Link>
              <Button size="lg" variant="outline" onClick={openCreator}>
                <LayoutDashboard /> Creator Dashboard
              </Button>
            </div>
            <div className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-500">
              <span className="inline-flex items-center gap-1.5">
                <ShieldCheck className="size-4 text-emerald-500" /> Works in the browser
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Smartphone className="size-4 text-emerald-500" /> iOS and Android
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Ear className="size-4 text-emerald-500" /> Audible or near-inaudible
              </span>
            </div>
          </div>

          <div ref={panelRef} id="get-started" className="scroll-mt-24">
            <Card className="p-5 shadow-xl shadow-indigo-100 sm:p-6">
              <Tabs value={tab} onValueChange={changeTab}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="audience">
                    <Headphones /> Audience
                  </TabsTrigger>
                  <TabsTrigger value="creator">
                    <LayoutDashboard /> Creator
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="audience" className="mt-5">
                  <div className="grid gap-4">
                    <div>
                      <h2 className="text-lg font-semibold text-slate-900">Listen and unlock</h2>
                      <p className="text-sm text-slate-500">
                        Open the listener while you watch or listen. When a {BRAND} trigger plays, its action
                        appears on your screen.
                      </p>
                    </div>
                    <ol className="grid gap-3">
                      {['Open the Listener App', 'Allow microphone access', 'Play media with a trigger'].map(
                        (step, i) => (
                          <li key={step} className="flex items-center gap-3 text-sm text-slate-700">
                            <span className="flex size-7 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700">
                              {i + 1}
                            </span>
                            {step}
                          </li>
                        ),
                      )}
                    </ol>
                    <Link to="/listener" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
                      Open Listener App <ArrowRight />
                    </Link>
                  </div>
                </TabsContent>
                <TabsContent value="creator" className="mt-5">
                  <CreatorPanel next={next} />
                </TabsContent>
              </Tabs>
            </Card>
          </div>
        </div>
      </section>

      <section id="features" className="scroll-mt-16 border-t border-slate-100 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold tracking-tight text-slate-900">
              Everything a sound campaign needs
            </h2>
            <p className="mt-3 text-slate-600">
              From the first tone to the last activation, in one dashboard.
            </p>
          </div>
          <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Card key={title} className="p-6">
                <span className="flex size-10 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 text-white">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1.5 text-sm text-slate-600">{text}</p>
              </Card>
            ))}
          </div>

          <h2 id="how-it-works" className="mt-16 scroll-mt-20 text-center text-2xl font-bold text-slate-900">
            How it works
          </h2>
          <div className="mt-6 grid gap-6 rounded-2xl bg-slate-900 p-8 text-white sm:grid-cols-3 sm:p-10">
            {STEPS.map((step, i) => (
              <div key={step.title}>
                <span className="text-sm font-semibold text-indigo-300">Step {i + 1}</span>
                <h3 className="mt-1 text-xl font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-300">{step.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <LandingPricing />
      <PremiumOffer />

      <footer className="border-t border-slate-100 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
          <span>
            © {new Date().getFullYear()} {BRAND}
          </span>
          <nav className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {FOOTER_LINKS.map(([to, label]) => (
              <Link key={label} to={to} className="hover:text-slate-900">
                {label}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
    </div>
  );
}
