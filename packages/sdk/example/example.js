// The example's whole use of the SDK: window.Tonemark from /sdk/tonemark.js. Kept in its own
// file so the page runs under a Content-Security-Policy without 'unsafe-inline'.
const status = document.getElementById('status');
const list = document.getElementById('detections');
const startButton = document.getElementById('start');
const stopButton = document.getElementById('stop');

function addRow(text, kind) {
  const item = document.createElement('li');
  item.className = kind;
  item.textContent = text;
  list.prepend(item);
}

const listener = Tonemark.createListener({
  onTrigger(trigger) {
    const quality = `score ${trigger.quality.score.toFixed(2)}${
      trigger.quality.snrDb === undefined ? '' : `, SNR ${trigger.quality.snrDb.toFixed(1)} dB`
    }`;
    addRow(
      `${trigger.action.name}: ${trigger.action.action} ${trigger.action.actionData} (${quality})`,
      'resolved',
    );
  },
  onRefused(detection) {
    addRow(`Heard ${detection.publicTriggerId}, not counted: ${detection.message}`, 'refused');
  },
  onError(error) {
    status.textContent = `Problem: ${error.message}`;
  },
});

startButton.addEventListener('click', async () => {
  startButton.disabled = true;
  status.textContent = 'Starting…';
  try {
    await listener.start();
    status.textContent = `Listening for ${listener.triggerCount} triggers.`;
    stopButton.disabled = false;
  } catch (error) {
    status.textContent = `Could not start: ${error.message}`;
    startButton.disabled = false;
  }
});

stopButton.addEventListener('click', async () => {
  await listener.stop();
  status.textContent = 'Not listening.';
  stopButton.disabled = true;
  startButton.disabled = false;
});
