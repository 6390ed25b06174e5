// The device cloud's keep-alive connections, and the one a Lambda opens before it has loaded anything
// else. A new process needs TCP and TLS (two round trips, about 200 ms from us-west-2 to Japan) before its
// first device call; opened first, they pass while the rest of the code loads and the table is read, and
// the first call then goes out on that connection. Only node builtins here, so it loads in no time.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

/** Per device call, when the deployment sets no DEVICE_CLOUD_TIMEOUT_MS. */
export const DEFAULT_TIMEOUT_MS = 3000;

/**
 * How long an early connection may wait for its first request. The cold start's first device call
 * takes it within a second; one left unused past this (a launch, then a command after a pause with the
 * process frozen in between) may have been closed by the server unseen, so a fresh one is opened.
 */
export const EARLY_CONNECTION_MAX_AGE_MS = 4000;

interface Early {
  host: string;
  port: number;
  socket: tls.TLSSocket;
  openedAt: number;
  forget: () => void;
}

/** The https agent of the device cloud: keep-alive, and able to hand out one connection opened early. */
export class DeviceCloudAgent extends https.Agent {
  #early: Early | undefined;
  readonly #earlyMaxAgeMs: number;

  constructor(options?: https.AgentOptions, earlyMaxAgeMs = EARLY_CONNECTION_MAX_AGE_MS) {
    super(options);
    this.#earlyMaxAgeMs = earlyMaxAgeMs;
  }

  /** Starts TCP and TLS to `url`'s host now; the first request to it uses that connection. */
  preconnect(url: URL): void {
    if (url.protocol !== 'https:' || this.#early) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || 443);
    // As https.Agent connects: its TLS options, SNI by name (never for an address).
    const socket = tls.connect({ ...this.options, host, port, ...(net.isIP(host) ? {} : { servername: host }) });
    const forget = (): void => {
      if (this.#early?.socket === socket) this.#early = undefined;
      socket.destroy();
    };
    // Until a request takes it, it keeps no process alive, and its failure is nobody's: the request
    // that would have used it opens its own connection, as without it.
    socket.unref();
    socket.once('error', forget);
    socket.once('close', forget);
    socket.once('end', forget);
    this.#early = { host, port, socket, openedAt: Date.now(), forget };
  }

  /** Whether a connection opened by preconnect waits for its first request. */
  get hasEarlyConnection(): boolean {
    return this.#early !== undefined;
  }

  // Called by the agent for every new connection; the early one, when it is to the same place, is that connection.
  override createConnection(
    options: https.RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const early = this.#early;
    if (early && Date.now() - early.openedAt > this.#earlyMaxAgeMs) early.forget();
    else if (
      early &&
      early.host === options.host &&
      early.port === Number(options.port ?? 443) &&
      !early.socket.destroyed
    ) {
      this.#early = undefined;
      early.socket.off('error', early.forget).off('close', early.forget).off('end', early.forget);
      early.socket.ref();
      return early.socket;
    }
    return super.createConnection(options, callback);
  }
}

export const httpAgent = new http.Agent({ keepAlive: true });
export const httpsAgent = new DeviceCloudAgent({ keepAlive: true });

/**
 * Opens the device cloud's connection ahead of the first call (an https base URL only). Call it
 * first thing in a Lambda's cold start: a request that never calls the device cloud (a launch, help)
 * leaves it unused, which costs the user no wait.
 */
export function preconnect(baseUrl: string): void {
  httpsAgent.preconnect(new URL(baseUrl));
}

/**
 * Resolves after the event loop has had a turn: between the loading steps of a cold start, so the early
 * connection's handshake moves on (a connect to send, a server flight to answer) while code still loads.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
