// The SDK cards' code: @tonemark/sdk for JavaScript; the plain HTTP call for the planned
// Swift and Kotlin SDKs. `origin` is the site serving this page (it serves the SDK too).

export const javascriptInstall = (origin: string, tarball: string) => `npm install ${origin}/sdk/${tarball}`;

export const javascriptServerSnippet = (
  origin: string,
) => `// Node 18+ or any server-side JavaScript: keep the key out of browser code.
import { TonemarkApiError, TonemarkClient } from '@tonemark/sdk';

const tonemark = new TonemarkClient({
  apiKey: process.env.TONEMARK_API_KEY,
  baseUrl: '${origin}',
});
try {
  const trigger = await tonemark.triggers.create({
    name: 'Podcast outro', type: 'audible', frequencyPattern: [1000, 1200, 1500, 1800],
    duration: 2000, actionType: 'url', actionPayload: 'https://example.com/outro',
  });
  const active = await tonemark.triggers.list({ active: true });
  console.log(trigger.id, active.length, tonemark.lastRateLimit); // { limit, remaining, resetSeconds }
} catch (error) {
  if (error instanceof TonemarkApiError) console.error(error.status, error.code, error.fields);
}`;

export const reactListenerSnippet = (
  origin: string,
) => `// React: listen for triggers on your page (microphone, AudioWorklet detector).
import { createListener } from '@tonemark/sdk';
import { useEffect, useRef, useState } from 'react';

export function TriggerListener() {
  const [heard, setHeard] = useState([]);
  const listener = useRef(null);
  useEffect(() => {
    listener.current = createListener({
      baseUrl: '${origin}',
      // triggers: ['tml_…'], // only your own (each trigger's publicTriggerId): heard farther away
      onTrigger: (t) => setHeard((all) => [\`\${t.action.name} (score \${t.quality.score.toFixed(2)})\`, ...all]),
    });
    return () => void listener.current.stop();
  }, []);
  return (
    <>
      <button onClick={() => listener.current.start()}>Start listening</button>
      <ul>{heard.map((line, i) => <li key={i}>{line}</li>)}</ul>
    </>
  );
}`;

export const scriptTagSnippet = (
  origin: string,
) => `<!-- No build step: window.Tonemark. Live example: ${origin}/sdk/example.html -->
<script src="${origin}/sdk/tonemark.js"></script>`;

export const verifyWithSdk = `import { verifyWebhook, WebhookVerificationError } from '@tonemark/sdk';

// rawBody: the request body exactly as received (string or bytes); headers: the request's headers.
try {
  const event = await verifyWebhook(process.env.TONEMARK_WEBHOOK_SECRET, rawBody, headers);
  if (event.type === 'trigger.activated') console.log('heard', event.data.triggerName);
} catch (error) {
  if (error instanceof WebhookVerificationError) return respond(400);
  throw error;
}`;

export const swiftSnippet = (base: string) => `// iOS 15+ with URLSession
var request = URLRequest(url: URL(string: "${base}/triggers?active=true")!)
request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
let (data, _) = try await URLSession.shared.data(for: request)
let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
guard body?["success"] as? Bool == true else { throw ApiError(body?["error"] as? String) }`;

export const kotlinSnippet = (base: string) => `// Android / JVM with OkHttp
val request = Request.Builder()
    .url("${base}/triggers?active=true")
    .header("X-API-Key", apiKey)
    .build()
client.newCall(request).execute().use { response ->
    val body = JSONObject(response.body!!.string())
    if (!body.getBoolean("success")) error(body.getString("error"))
    val triggers = body.getJSONArray("data")
}`;

export const verifyWithLibrary = `// npm install standardwebhooks   (libraries exist for most languages)
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.TONEMARK_WEBHOOK_SECRET); // whsec_...
const app = express();

// Verify the raw body: re-serialised JSON would not match the signature.
app.post('/hooks/tonemark', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, req.headers); // checks signature and timestamp (±5 min)
  } catch {
    return res.status(400).send('bad signature');
  }
  // Retries repeat the same webhook-id: ignore ids you have already handled.
  if (event.type === 'trigger.activated') console.log('heard', event.data.triggerName);
  res.status(204).end();
});`;

export const verifyByHand = `// Without a library (Node): the same check, step by step.
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(rawBody, headers, secret) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or stale
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  // webhook-signature: space-separated "v1,<base64>" entries (several while secrets rotate).
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

export const exampleHeaders = `POST /hooks/tonemark HTTP/1.1
Content-Type: application/json
User-Agent: Tonemark-Webhooks/1.0
webhook-id: msg_5e0c3a9b2f7d4c1e8a6b0d9f2e4c7a13
webhook-timestamp: 1795629851
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;
