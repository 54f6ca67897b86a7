// Reads a text/event-stream body as a browser's EventSource does: events end at a blank line,
// `event:` names one (else "message"), `data:` lines are joined with newlines; comments are skipped.
export interface ServerSentEvent {
  event: string;
  data: string;
}

export function parseEventStream(body: string): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  let event = '';
  let data: string[] = [];
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (line === '') {
      if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return events;
}
