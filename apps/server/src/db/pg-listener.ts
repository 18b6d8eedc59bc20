import pg from 'pg';

const RECONNECT_MS = 1_000;

/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled one would drop it). When that
 * connection breaks, notices sent meanwhile are lost: `onLive(false)` says so at once, and
 * `onLive(true)` follows once a new connection listens again (retried every second).
 */
export const listenOnPostgres = (
  databaseUrl: string,
  channel: string,
  onNotice: (payload: string) => void,
  onLive: (live: boolean) => void,
): { close: () => Promise<void> } => {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      onLive(false);
      void client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (closed || lost) {
      void client.end().catch(() => undefined);
      return;
    }
    current = client;
    onLive(true);
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
};
