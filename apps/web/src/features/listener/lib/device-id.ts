const KEY = 'tonemark.listener.device';

/**
 * A random id this browser keeps: the server counts its limits and the same-trigger gap per
 * device, so a crowd behind one network address is many listeners, not one.
 */
export function listenerDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  try {
    const known = storage.getItem(KEY);
    if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
    const made = `web-${crypto.randomUUID()}`;
    storage.setItem(KEY, made);
    return made;
  } catch {
    return `web-${crypto.randomUUID()}`;
  }
}
