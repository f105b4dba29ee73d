import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { EndpointView } from '../content/openapi-view';
import { CodeBlock } from './code-block';

const METHOD_TONES: Record<string, BadgeTone> = {
  GET: 'sky',
  POST: 'emerald',
  PATCH: 'amber',
  DELETE: 'rose',
};

/** One operation of the OpenAPI document: what it does, its fields, a request and its answer. */
export function EndpointCard({ endpoint, baseUrl }: { endpoint: EndpointView; baseUrl: string }) {
  return (
    <Card data-testid="api-endpoint">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Badge tone={METHOD_TONES[endpoint.method] ?? 'slate'} className="font-mono">
            {endpoint.method}
          </Badge>
          <code className="text-sm break-all">{endpoint.path}</code>
        </CardTitle>
        <CardDescription>
          {endpoint.summary}
          {endpoint.description ? ` ${endpoint.description}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {endpoint.fields.length > 0 ? (
          <div>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
                  <th className="py-2 pr-3 font-medium">Field</th>
                  <th className="hidden py-2 pr-3 font-medium sm:table-cell">Type</th>
                  <th className="py-2 font-medium">Description</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {endpoint.fields.map((field) => (
                  <tr key={`${field.where}-${field.name}`} className="align-top">
                    <td className="py-2 pr-3">
                      <code className="text-xs font-semibold text-slate-900">{field.name}</code>
                      <span className="ml-1 text-xs text-slate-400">{field.where}</span>
                      {field.required ? <span className="ml-1 text-xs text-rose-600">required</span> : null}
                      {/* On phones the type sits under the name instead of in its own column. */}
                      <span className="mt-0.5 block text-xs break-words text-slate-500 sm:hidden">
                        {field.type}
                      </span>
                    </td>
                    <td className="hidden py-2 pr-3 text-xs break-words text-slate-600 sm:table-cell">
                      {field.type}
                    </td>
                    <td className="py-2 text-slate-600">{field.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <CodeBlock label="Request" code={endpoint.request(baseUrl)} />
          <CodeBlock
            label={`Response ${endpoint.status}`}
            code={JSON.stringify(endpoint.response, null, 2)}
          />
        </div>
        <p className="text-xs text-slate-500">
          Other answers:{' '}
          {endpoint.errors.map((error, index) => (
            <span key={error.status} title={error.description}>
              {index > 0 ? ', ' : ''}
              <code>{error.status}</code>
            </span>
          ))}
        </p>
      </CardContent>
    </Card>
  );
}
