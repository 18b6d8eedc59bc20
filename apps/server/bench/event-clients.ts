// The browsers of the events bench (events.bench.ts), in a process of their own so that the server's
// memory per stream is the server's alone: opens COUNT event streams (round robin over the URLs),
// says 'ready', and reports every Expense change's arrival as [version, epoch ms] in batches.
import http from 'node:http';
import { type EventStream, openEventStream } from '../test/event-stream.ts';

type Setup = { urls: string[]; tickets: string[]; count: number };
const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
const send = (message: unknown) => process.send?.(message);
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

let batch: [number, number][] = [];
const flush = () => {
  if (batch.length > 0) send({ type: 'arrivals', arrivals: batch });
  batch = [];
};
setInterval(flush, 20).unref();

const streams: EventStream[] = [];
for (let index = 0; index < setup.count; index += 1) {
  const url = setup.urls[index % setup.urls.length] as string;
  const ticket = setup.tickets[index % setup.tickets.length] as string;
  const stream = await openEventStream(url, ticket, {
    agent,
    onEvent: (event) => {
      if (event.data.Entity === 'Expense' && typeof event.data.Version === 'number')
        batch.push([event.data.Version, performance.timeOrigin + event.receivedAt]);
    },
  });
  if (stream.status !== 200) throw new Error(`stream ${index} refused: ${stream.status} ${JSON.stringify(stream.refusal)}`);
  streams.push(stream);
}
send({ type: 'ready' });
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'close') return;
  for (const stream of streams) stream.close();
  flush();
  process.exit(0);
});
