import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { CodecSurvivalTable } from './codec-survival-table';
import { FaqItem } from './faq-item';
import { PlanLimitsAnswer } from './plan-limits-answer';

function To({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="font-medium text-indigo-600 hover:underline">
      {children}
    </Link>
  );
}

/** Questions creators actually run into, answered from how Tonemark works. */
export function HelpFaq() {
  return (
    <Card className="overflow-hidden" data-testid="faq">
      <FaqItem id="faq-not-detected" question="Why isn't my trigger being detected?">
        <p>Work through these in order; the first one that fails is usually the answer.</p>
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>
            <strong className="text-slate-800">Is the trigger active?</strong> Listeners only hear triggers
            whose status is active and that have not expired. Check it in{' '}
            <To to="/admin/manage-triggers">Manage Triggers</To>.
          </li>
          <li>
            <strong className="text-slate-800">Is the listener listening?</strong> The Listener must be open
            with Start Listening pressed and microphone access allowed (see below). It loads the active
            triggers when listening starts, so after creating or activating a trigger, stop and start
            listening again.
          </li>
          <li>
            <strong className="text-slate-800">Does the whole pattern reach the microphone?</strong> A trigger
            is four tones played one after another (2 seconds by default). A clip cut short, a volume too low,
            a listener too far away or loud noise over the tones can each stop a match.
          </li>
          <li>
            <strong className="text-slate-800">Ultrasonic trigger?</strong> Its tones sit at 17.5–20 kHz,
            which compressed audio and many small speakers cannot carry; see the next question.
          </li>
          <li>
            <strong className="text-slate-800">Played it twice in a row?</strong> One listener counts the same
            trigger at most once every 2 seconds, so quick repeats show up once.
          </li>
        </ul>
        <p>
          To check the whole path, open the Listener on a phone and play the trigger from the{' '}
          <To to="/admin/mobile-simulator">Mobile Simulator</To>'s Test sound on your computer's speakers.
        </p>
      </FaqItem>

      <FaqItem
        id="faq-signals"
        question="Audible, ultrasonic, combined or streaming: which should I use, and why do MP3 and AAC matter?"
      >
        <p>
          <strong className="text-slate-800">Audible</strong> triggers use tones between 500 and 2,000 Hz.
          People hear a short chime, but they survive any file format, any speaker and any streaming service.
        </p>
        <p>
          <strong className="text-slate-800">Ultrasonic</strong> triggers move the same pattern up to 17.5–20
          kHz, which most adults cannot hear. Stereo MP3 and AAC encoders throw those frequencies away (MP3 at
          every usual bitrate, AAC below 256 kbps), and so do services that re-encode uploads; small speakers
          and some phone microphones barely reproduce them. Publish ultrasonic triggers in WAV or play them
          live.
        </p>
        <p>
          <strong className="text-slate-800">Combined</strong> triggers play both at once at half level each.
          The listener uses whichever half it hears better, so a combined trigger still works after MP3 or AAC
          compression on its audible half.
        </p>
        <p>
          <strong className="text-slate-800">Streaming</strong> triggers move the pattern to 13–15.5 kHz: a
          faint, high whistle that most people barely notice under music or speech, and that MP3, AAC and Opus
          encoders keep even at 128 kbps stereo. Choose it for podcasts, videos and anything a platform will
          re-encode. The embed tools warn you when a trigger goes into a format that would erase it.
        </p>
        <CodecSurvivalTable />
      </FaqItem>

      <FaqItem id="faq-plan-limits" question="What do plan limits cover?">
        <PlanLimitsAnswer />
      </FaqItem>

      <FaqItem id="faq-microphone" question="The Listener can't use my microphone. What do I do?">
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>
            The browser asks for permission when you press Start Listening. If you blocked it, allow the
            microphone again in the site settings (the icon left of the address) and reload the page.
          </li>
          <li>
            Browsers only offer the microphone to secure pages: the Listener must be opened over https:// (or
            on localhost), not over plain http:// on a network address.
          </li>
          <li>
            On phones the browser itself also needs the microphone permission in the system settings, and a
            call or recording app may be holding the microphone.
          </li>
        </ul>
        <p>
          Sound never leaves the device: the Listener analyses it in the browser and only reports a detection
          (which trigger, the device type and the browser's user agent).
        </p>
      </FaqItem>

      <FaqItem id="faq-activations" question="What counts as an activation?">
        <p>
          One detection of one of your active triggers by a listener: the web <To to="/listener">Listener</To>
          , the <To to="/admin/mobile-simulator">Mobile Simulator</To> listening through the microphone, or
          the native app. The Test buttons only send a preview to the simulator and the dashboard's phone, so
          they are not counted.
        </p>
        <p>
          Every activation is listed on <To to="/admin/analytics">Analytics</To>, where you can filter by
          trigger, dates and device type and export exactly those rows as CSV.
        </p>
      </FaqItem>

      <FaqItem id="faq-compatibility" question="How are device compatibility and battery impact worked out?">
        <p>
          Device compatibility is the share of each device type's activations that succeeded: 95% and above is
          High, 85% up to 95% Medium, and below 85% Low. Battery impact is the average that listeners report
          for each detection; lower is better, so its trend shows green when it falls from last month.
        </p>
      </FaqItem>
    </Card>
  );
}
