// Component tests never reach a network. jsdom's XHR and Node's fetch really connect: an
// unmocked call once reached a server on localhost, and its late 401 made the api client
// refresh the token inside the next test. So every request that a test did not mock is
// refused at once (an error with no status, never a 401: no refresh follows) and named, with
// the test that made it, in that test's failure. vitest.setup.web.ts wires this in.
import type { AxiosAdapter } from 'axios';
import { expect } from 'vitest';
import { api } from './libs/api-client/src/client';

const HOW =
  "Mock it in the test: vi.spyOn(api, 'get' | 'post' | …).mockResolvedValue(…) for the api client, " +
  'fakeApi({ "GET /path": … }) (apps/shell/src/test/fake-api.ts) for a fake server behind it, ' +
  "vi.stubGlobal('fetch', vi.fn(async () => new Response(…))) for fetch.";

/** Whether a test (its hooks included) is running; requests made in between are nobody's. */
let inTest = false;
/** Requests the running test made. */
const made: string[] = [];
/** Requests made while no test ran: named in the next test's failure, or after the last. */
const between: string[] = [];

function refuse(method: string, url: string): Error {
  const request = `${method.toUpperCase()} ${url}`;
  const name = expect.getState().currentTestName;
  if (inTest) made.push(request);
  else
    between.push(
      name
        ? `${request}, made after "${name}" ended (background work it left running, or a beforeAll/afterAll hook)`
        : `${request}, made before the first test (on import or in beforeAll)`,
    );
  return new Error(`Unmocked request ${request}${name && inTest ? ` in "${name}"` : ''}: tests cannot reach a network. ${HOW}`);
}

/** Installs the refusals on the shared axios instance, fetch and XMLHttpRequest. */
export function refuseNetwork(): void {
  // The default adapter only: a test's vi.spyOn(api, …) or its own adapter goes first, and a
  // test that puts back the adapter it found puts back this one.
  const refuseAxios: AxiosAdapter = async (config) => {
    throw refuse(config.method ?? 'get', api.getUri(config));
  };
  api.defaults.adapter = refuseAxios;

  // vi.stubGlobal('fetch', …) replaces this; vi.unstubAllGlobals() brings it back.
  globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : null;
    throw refuse(init?.method ?? request?.method ?? 'GET', request?.url ?? String(input));
  };

  // Answered as a network failure would be: an error event, no request.
  const opened = new WeakMap<XMLHttpRequest, [string, string]>();
  const { open } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
    opened.set(this, [args[0], String(args[1])]);
    return Reflect.apply(open, this, args);
  };
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest) {
    const [method, url] = opened.get(this) ?? ['GET', '(not opened)'];
    refuse(method, url);
    queueMicrotask(() => {
      this.dispatchEvent(new ProgressEvent('error'));
      this.dispatchEvent(new ProgressEvent('loadend'));
    });
  };
  // jsdom has no navigator.sendBeacon, so nothing to refuse there.
}

export function testStarted(): void {
  inTest = true;
}

/** Ends the running test; the error that fails it, if it made or came after unmocked requests. */
export function testEnded(): Error | null {
  inTest = false;
  const lines = [...made.map((request) => `${request}, made while this test ran`), ...between];
  made.length = 0;
  between.length = 0;
  return lines.length ? unmocked(`at the end of "${expect.getState().currentTestName}"`, lines) : null;
}

/** Requests made after the last test of a file ended, if any, as an error for afterAll. */
export function afterLastTest(): Error | null {
  const lines = between.splice(0);
  return lines.length ? unmocked('after the last test', lines) : null;
}

function unmocked(when: string, lines: string[]): Error {
  return new Error(`Unmocked requests (tests cannot reach a network), ${when}:\n${lines.map((line) => `  ${line}\n`).join('')}${HOW}`);
}
