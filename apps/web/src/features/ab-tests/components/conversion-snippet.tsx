import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * How a creator's site reports a conversion (docs/decisions/ab-tests.md). The activation id
 * reaches the site as `tm_activation` on the tracked link's target, or from the listener's answer.
 */
export function ConversionSnippet({ goal }: { goal?: string | null }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const name = goal || 'purchase';
  const call = `// On your "thank you" page; tm_activation arrived on the link the listener opened.
const activationId = new URLSearchParams(location.search).get('tm_activation');
fetch('${origin}/api/conversions/goal', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ activationId, goal: '${name}' }),
});`;
  const pixel = `<img src="${origin}/api/conversions/pixel.gif?activationId=ACTIVATION_ID&goal=${encodeURIComponent(name)}" width="1" height="1" alt="">`;
  return (
    <Card className="min-w-0" data-testid="conversion-snippet">
      <CardHeader>
        <CardTitle>Report conversions from your site</CardTitle>
        <CardDescription>
          Links open through a tracked redirect that counts the click and adds <code>tm_activation</code> to
          your URL. When the visitor reaches the trigger’s conversion goal (“{name}”), send it back once —
          repeats are ignored, unknown ids get a 404, and no cookie is sent or needed.
          {goal
            ? null
            : ' Set the conversion goal on the trigger’s form first; until then only clicks count.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <p className="text-sm font-medium text-slate-700">JavaScript</p>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
          {call}
        </pre>
        <p className="text-sm font-medium text-slate-700">Or an image pixel</p>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
          {pixel}
        </pre>
      </CardContent>
    </Card>
  );
}
