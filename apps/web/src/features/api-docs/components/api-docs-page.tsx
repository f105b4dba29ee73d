import { API_RATE_LIMIT_PER_MINUTE, OPENAPI_PATH } from '@tonemark/shared';
import { Activity, BarChart3, FileJson, KeyRound, Mail, Timer, Webhook, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  type DocsTab,
  endpointsOf,
  errorCatalogue,
  validationErrorExample,
  webhookEvents,
  webhookExample,
} from '../content/openapi-view';
import { exampleHeaders, verifyByHand, verifyWithLibrary, verifyWithSdk } from '../content/snippets';
import { CodeBlock } from './code-block';
import { DocsHeader } from './docs-header';
import { EndpointCard } from './endpoint-card';
import { SdkCards } from './sdk-cards';

const ENTERPRISE_MAIL = 'mailto:sales@tonemark.io?subject=Enterprise%20API%20access';

const TABS: { value: DocsTab; label: string; icon: typeof Zap; intro: string }[] = [
  {
    value: 'triggers',
    label: 'Triggers',
    icon: Zap,
    intro:
      'Triggers in the public shape: type is the signal (ultrasonic, audible, combined, or streaming for media that will be re-encoded as MP3/AAC/Opus), actionType is url, deepLink or notification. The same triggers appear in your dashboard.',
  },
  {
    value: 'activations',
    label: 'Activations',
    icon: Activity,
    intro: 'One activation is recorded each time a listener’s device detects one of your active triggers.',
  },
  {
    value: 'analytics',
    label: 'Analytics',
    icon: BarChart3,
    intro: 'Aggregated figures computed from your triggers and their activations.',
  },
  {
    value: 'webhooks',
    label: 'Webhooks',
    icon: Webhook,
    intro: `Tonemark POSTs events to your endpoints as they happen: ${webhookEvents.join(' and ')}.`,
  },
];

function apiBase(): string {
  return `${typeof window === 'undefined' ? '' : window.location.origin}/api/v1`;
}

/** SPEC §2.10: the public REST API, rendered from the OpenAPI document the server serves. */
export function ApiDocsPage() {
  const baseUrl = apiBase();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <DocsHeader />
      <main className="mx-auto grid w-full max-w-6xl min-w-0 flex-1 gap-8 px-4 py-8 sm:px-6 sm:py-10">
        <div className="grid gap-3">
          <Badge tone="indigo" className="w-fit">
            REST API v1
          </Badge>
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">API Documentation</h1>
          <p className="max-w-3xl text-slate-600">
            Manage triggers, read activations and analytics, and receive signed webhooks from your own
            servers. Every request needs an API key in the header{' '}
            <code className="font-semibold text-slate-900">X-API-Key</code>.
          </p>
          <p className="text-sm text-slate-600">
            <a
              href={OPENAPI_PATH}
              className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:underline"
              data-testid="openapi-link"
            >
              <FileJson className="size-4" /> OpenAPI 3.1 document
            </a>{' '}
            for client generators, Postman and contract tests; this page is rendered from it.
          </p>
        </div>

        <div className="grid gap-4 md:grid-cols-3">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-sm">
                <KeyRound className="size-4 text-indigo-600" /> Authentication
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-slate-600" data-testid="api-docs-auth">
              An API key is needed in the header <code className="font-semibold">X-API-Key</code> on every
              request. Create and revoke keys under{' '}
              <Link to="/admin/settings" className="font-medium text-indigo-600 hover:underline">
                Account Settings
              </Link>
              ; a key is shown once and acts as your account, so keep it on your server.
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-sm">
                <Timer className="size-4 text-indigo-600" /> Rate limit
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-slate-600" data-testid="api-docs-rate-limit">
              {API_RATE_LIMIT_PER_MINUTE} requests per minute per key. Past that the API answers 429 with a{' '}
              <code>Retry-After</code> header in seconds.
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-sm">
                <Zap className="size-4 text-indigo-600" /> Responses
              </CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-slate-600">
              JSON, always wrapped: <code>{'{ "success": true, "data": … }'}</code> or{' '}
              <code>{'{ "success": false, "error": "…" }'}</code> with a 4xx status. Base URL:{' '}
              <code className="break-all">{baseUrl}</code>
            </CardContent>
          </Card>
        </div>

        <Tabs defaultValue="triggers" className="min-w-0">
          <TabsList aria-label="API sections" className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="px-1 sm:px-3">
                <tab.icon className="hidden sm:block" />
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="grid min-w-0 gap-4">
              <p className="text-sm text-slate-600">{tab.intro}</p>
              {endpointsOf(tab.value).map((endpoint) => (
                <EndpointCard
                  key={`${endpoint.method} ${endpoint.path}`}
                  endpoint={endpoint}
                  baseUrl={baseUrl}
                />
              ))}
              {tab.value === 'webhooks' ? <WebhookGuide /> : null}
            </TabsContent>
          ))}
        </Tabs>

        <Card>
          <CardHeader>
            <CardTitle>Errors</CardTitle>
            <CardDescription>
              Errors are never 5xx for bad input: the status says what went wrong, <code>error</code> names
              each failing field and <code>fields</code> maps them one by one.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 lg:grid-cols-2">
            <div>
              <table className="w-full text-left text-sm">
                <tbody className="divide-y divide-slate-100">
                  {errorCatalogue().map((row) => (
                    <tr key={row.status} className="align-top">
                      <td className="py-2 pr-3 font-mono text-xs font-semibold text-slate-900">
                        {row.status}
                      </td>
                      <td className="py-2 text-slate-600">{row.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <CodeBlock label="Response 400" code={JSON.stringify(validationErrorExample, null, 2)} />
          </CardContent>
        </Card>

        <SdkCards baseUrl={baseUrl} />

        <Card className="bg-gradient-to-br from-indigo-600 to-violet-600 text-white">
          <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-lg font-semibold">Enterprise API access</h2>
              <p className="mt-1 text-sm text-indigo-100">
                Higher rate limits, dedicated support and help integrating Tonemark in your apps.
              </p>
            </div>
            <a
              href={ENTERPRISE_MAIL}
              className={buttonVariants({ variant: 'outline', className: 'border-white/0 text-indigo-700' })}
            >
              <Mail /> Contact for Enterprise Access
            </a>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

function WebhookGuide() {
  return (
    <Card data-testid="webhook-guide">
      <CardHeader>
        <CardTitle>Receiving and verifying webhooks</CardTitle>
        <CardDescription>
          Deliveries follow the Standard Webhooks specification: each is a JSON POST signed with your
          endpoint’s secret.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm text-slate-600">
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>
            Headers: <code>webhook-id</code> (the message id, the same on every retry),{' '}
            <code>webhook-timestamp</code> (Unix seconds) and <code>webhook-signature</code> (<code>v1,</code>{' '}
            then base64 HMAC-SHA256).
          </li>
          <li>
            The signed content is <code>{'{webhook-id}.{webhook-timestamp}.{raw body}'}</code>; the HMAC key
            is the base64 part of your secret after <code>whsec_</code>.
          </li>
          <li>
            Answer any 2xx within 10 seconds to acknowledge. Anything else, a timeout or a redirect is retried
            after 5 s, 30 s, 2 min and 10 min (five attempts in all); every attempt is logged.
          </li>
          <li>
            Deliveries go only to public addresses; the request that caused an event never waits for them.
          </li>
        </ul>
        <div className="grid gap-4 lg:grid-cols-2">
          <CodeBlock label="A delivery’s headers" code={exampleHeaders} />
          <CodeBlock
            label="trigger.activated body"
            code={JSON.stringify(webhookExample('trigger.activated'), null, 2)}
          />
        </div>
        <CodeBlock
          label="trigger.created body"
          code={JSON.stringify(webhookExample('trigger.created'), null, 2)}
        />
        <CodeBlock label="Verify with @tonemark/sdk" code={verifyWithSdk} />
        <CodeBlock label="Verify with standardwebhooks" code={verifyWithLibrary} />
        <CodeBlock label="Verify by hand" code={verifyByHand} />
      </CardContent>
    </Card>
  );
}
