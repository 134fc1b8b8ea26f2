#!/usr/bin/env node
// A driver for the Firebase JS SDK's modular storage API (`firebase/storage`, firebase 12) on Node 20 or
// later, speaking docs/driver-protocol.md (protocol 2) on standard input and output.
//
// Under Node the SDK sends every request through the global `fetch` (its Node connection,
// packages/storage/src/platform/node/connection.ts). Its observers are called from microtasks and cannot
// block, so the driver keeps lock step by holding the SDK's next request instead (docs/driver-protocol.md
// §5.1): a task's request goes out only while the runner says `proceed` and every event the driver wrote
// has been acknowledged. Each task runs inside its own AsyncLocalStorage context, so the wrapped `fetch`
// knows whose request it holds. A `pause` or `cancel` that meets a held request refuses it (it never
// reaches the service), which is what aborting the request does in a browser; a request already sent runs
// to its end, as under Node.
//
// The SDK is left on its production host, so that it reads URLs (`ref(storage, url)`, download URLs) as it
// does in production; the wrapped `fetch` sends what it addresses to that host to the target instead, with
// the runner's ID token as the SDK sends a signed-in user's (`Authorization: Firebase …`).
// `connectStorageEmulator` would move the SDK's own host to the target's and make it refuse the
// production URLs the scenarios use.
//
// The SDK's uploads are tasks with events, pause, resume, cancel and observers; its downloads (`getBytes`,
// `getStream`) are a Promise and a stream without a task, so they report only their outcome. Under Node a
// file is a Blob (`fs.openAsBlob`) with the type a browser's File has for its extension, which the SDK
// uploads like any Blob; a download into a file is the SDK's Node stream piped into the file, in a folder
// the driver makes. A call the SDK (or Node, for a file it cannot open) refuses before a task exists is
// answered `ok: false`. The driver does not put faults into the SDK's requests: the runner has `serve`
// carry them out, so the SDK meets them on the wire. What the SDK does differently from the reference is in
// expectations.yaml.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createWriteStream, mkdirSync, openAsBlob, statSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { initializeApp, deleteApp, SDK_VERSION } from 'firebase/app';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  getStream,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytesResumable
} from 'firebase/storage';

/** What the SDK has (docs/driver-protocol.md §4): tasks for uploads only, its own wording of errors. */
const CAPABILITIES = {
  upload: ['events', 'pauseResume', 'cancel', 'observers', 'file'],
  download: ['file'],
  operations: ['references', 'getMetadata', 'updateMetadata', 'delete', 'downloadURL', 'list', 'listAll'],
  faults: false,
  retryEvents: false,
  requestTimeout: false,
  errors: 'own',
  references: 'oneString',
  lockStep: 'request',
  exchanges: true
};

/** The SDK's `storage/…` codes as the Apple SDK's numbers (docs/driver-protocol.md §3, ERROR). */
const CODES = {
  unknown: -13000,
  'object-not-found': -13010,
  'bucket-not-found': -13011,
  'project-not-found': -13012,
  'quota-exceeded': -13013,
  unauthenticated: -13020,
  unauthorized: -13021,
  'unauthorized-app': -13021,
  'retry-limit-exceeded': -13030,
  'invalid-checksum': -13031,
  canceled: -13040,
  'invalid-argument': -13050,
  'invalid-argument-count': -13050,
  'invalid-url': -13053,
  'invalid-default-bucket': -13050,
  'invalid-format': -13050,
  'invalid-event-name': -13050,
  'invalid-root-operation': -13050,
  'no-default-bucket': -13050,
  'internal-error': -13052
};

const METADATA_FIELDS = [
  'md5Hash',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'contentType',
  'timeCreated',
  'updated'
];

/**
 * The type a browser gives a File by its extension (a File picked from disk has one; Node's file Blob has none
 * unless it is told): the SDK uploads a Blob with its type when the metadata names none.
 */
const FILE_TYPES = {
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  js: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/vnd.microsoft.icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm'
};

/** The SDK's production origin (DEFAULT_HOST in packages/storage/src/implementation/constants.ts). */
const PRODUCTION = 'https://firebasestorage.googleapis.com';

/** FIREBASE_JS_DRIVER_TRACE=1 writes what the gate does with each request on standard error. */
const TRACE = Boolean(process.env.FIREBASE_JS_DRIVER_TRACE);

function trace(text) {
  if (TRACE) process.stderr.write(`firebase-js driver: ${text}\n`);
}

function write(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

/** The headers worth showing in a failure (the runner redacts `authorization`). */
const REPORTED_HEADERS = new Set(['content-type', 'content-length', 'content-range', 'range', 'authorization',
  'etag', 'location', 'x-goog-upload-protocol', 'x-goog-upload-command', 'x-goog-upload-status',
  'x-goog-upload-url', 'retry-after']);

/** Writes an `exchange` (docs/driver-protocol.md §2) for a request the SDK sent; never fails the request. */
function reportExchange(url, init, response, error) {
  try {
    const pick = entries =>
      Object.fromEntries([...entries].filter(([name]) => REPORTED_HEADERS.has(name.toLowerCase()))
        .map(([name, value]) => [name.toLowerCase(), String(value)]));
    const exchange = { method: init?.method ?? 'GET', url: String(url) };
    const headers = init?.headers;
    exchange.requestHeaders = pick(headers instanceof Headers ? headers.entries() : Object.entries(headers ?? {}));
    if (typeof init?.body === 'string') exchange.requestBody = init.body.slice(0, 1984);
    if (response) {
      exchange.status = response.status;
      exchange.responseHeaders = pick(response.headers.entries());
    } else {
      exchange.error = String(error?.message ?? error);
    }
    write({ exchange });
  } catch (problem) {
    trace(`could not report an exchange: ${problem}`);
  }
}

function errorValue(error) {
  const code = typeof error?.code === 'string' ? error.code.replace(/^storage\//, '') : null;
  if (code === null || !(code in CODES)) {
    const kind = error?.constructor?.name ?? typeof error;
    return { code: 'unknown', message: `the SDK raised ${kind}: ${error?.message ?? String(error)}` };
  }
  const value = { code: CODES[code], message: error.message };
  if (error.status) value.status = error.status;
  if (error.customData?.serverResponse) value.body = error.customData.serverResponse;
  return value;
}

function metadataValue(metadata) {
  const value = { bucket: metadata.bucket, fullPath: metadata.fullPath };
  for (const key of ['generation', 'metageneration', 'size']) {
    if (metadata[key] !== undefined && metadata[key] !== null) value[key] = metadata[key];
  }
  for (const key of METADATA_FIELDS) {
    if (metadata[key] !== undefined && metadata[key] !== null) value[key] = metadata[key];
  }
  if (metadata.customMetadata) value.customMetadata = metadata.customMetadata;
  return value;
}

/** put's METADATA as the SDK's UploadMetadata. */
function uploadMetadata(metadata) {
  if (!metadata) return undefined;
  const value = {};
  for (const key of [...METADATA_FIELDS, 'customMetadata']) {
    if (metadata[key] !== undefined) value[key] = metadata[key];
  }
  return value;
}

/** A PATCH as the SDK's SettableMetadata: null removes a field, `customMetadata: null` removes them all. */
function settableMetadata(patch) {
  const value = { ...(patch.fields ?? {}) };
  if (patch.removesAllCustomMetadata) {
    value.customMetadata = null;
  } else if (patch.customMetadata && Object.keys(patch.customMetadata).length > 0) {
    value.customMetadata = patch.customMetadata;
  }
  return value;
}

/**
 * Holds the SDK's task requests: one goes out only while the runner proceeds and every event written
 * from the SDK's callbacks has been acknowledged.
 */
class RequestGate {
  constructor() {
    this.context = new AsyncLocalStorage();
    this.proceeding = false;
    this.unacknowledged = new Set();
    this.held = [];
    /** Where requests to the production host go, and the ID token they carry (set by `begin`). */
    this.target = null;
    this.token = null;
    const fetch = globalThis.fetch;
    const send = (url, init) => {
      const [address, options] = this.routed(url, init);
      return fetch(address, options).then(
        response => { reportExchange(address, options, response); return response; },
        error => { reportExchange(address, options, null, error); throw error; });
    };
    globalThis.fetch = (url, init) => {
      const task = this.context.getStore();
      if (task === undefined) return send(url, init);
      const what = `${init?.method ?? 'GET'} ${url} ${init?.headers?.['X-Goog-Upload-Command'] ?? ''}`.trim();
      return new Promise((resolve, reject) => {
        trace(`holds ${task.id}: ${what}`);
        this.held.push({ task, what, go: () => send(url, init).then(resolve, reject), refuse: reject });
        // The SDK may ask for its next request before its observers hear of the last one (they are called
        // from microtasks): look again once they have run, so that their events are waited for.
        setImmediate(() => this.release());
      });
    };
  }

  /** The request to the production host as one to the target, with the token a signed-in user's has. */
  routed(url, init) {
    const text = String(url);
    if (this.target === null || !text.startsWith(`${PRODUCTION}/`)) return [url, init];
    const headers = { ...(init?.headers ?? {}) };
    if (this.token !== null && headers.Authorization === undefined) headers.Authorization = `Firebase ${this.token}`;
    return [this.target + text.slice(PRODUCTION.length), { ...init, headers }];
  }

  /** Runs `body` as part of `task`: the requests it leads to are the task's. */
  within(task, body) {
    return this.context.run(task, body);
  }

  release() {
    while (this.proceeding && this.unacknowledged.size === 0 && this.held.length > 0) {
      const request = this.held.shift();
      trace(`sends ${request.task.id}: ${request.what}`);
      request.go();
    }
  }

  /** Resolves once `task` has a request held here, has stopped running, or `limit` ms have passed. */
  async settled(task, limit) {
    const deadline = Date.now() + limit;
    const ready = () =>
      this.held.some(request => request.task === task) || task.sdk.snapshot.state !== 'running' || task.finished;
    while (!ready() && Date.now() < deadline) {
      await new Promise(resolve => setTimeout(resolve, 1));
    }
  }

  /** The task was paused or cancelled before its held request went out: the request never does. */
  refuse(task, reason) {
    const kept = [];
    for (const request of this.held) {
      if (request.task === task) {
        trace(`refuses ${task.id}: ${request.what}`);
        request.refuse(new TypeError(reason));
      } else {
        kept.push(request);
      }
    }
    this.held = kept;
  }
}

class Driver {
  constructor() {
    this.gate = new RequestGate();
    this.references = new Map();
    this.tasks = new Map();
    this.sequence = 0;
    this.app = null;
    this.storage = null;
    this.downloadRetryTime = null;
  }

  event(task, name, fields) {
    this.sequence += 1;
    this.gate.unacknowledged.add(this.sequence);
    write({ event: name, task: task.id, seq: this.sequence, ...fields });
  }

  finish(task) {
    task.finished = true;
    setImmediate(() => write({ finished: task.id }));
  }

  acknowledge(sequence) {
    this.gate.unacknowledged.delete(sequence);
    this.gate.release();
  }

  async handle(request) {
    switch (request.op) {
      case 'hello':
        if (!(request.accepts ?? [request.protocol]).includes(2)) {
          throw new Error('the firebase-js driver speaks driver protocol 2 only');
        }
        return { protocol: 2, name: 'firebase-js', version: `firebase ${SDK_VERSION}`, capabilities: CAPABILITIES };
      case 'begin':
        return this.begin(request);
      case 'ref':
        return this.reference(request);
      case 'put':
        return this.put(request);
      case 'getData':
        return this.getData(request);
      case 'write':
        return this.write(request);
      case 'pause':
      case 'resume':
      case 'cancel':
        return this.control(request);
      case 'observe':
        return this.observe(request);
      case 'removeObserver':
        return this.removeObserver(request);
      case 'removeAllObservers':
        return this.removeAllObservers(request);
      case 'getMetadata':
        return { metadata: metadataValue(await getMetadata(this.referenceFor(request.ref))) };
      case 'updateMetadata':
        return {
          metadata: metadataValue(await updateMetadata(this.referenceFor(request.ref), settableMetadata(request.patch)))
        };
      case 'delete':
        await deleteObject(this.referenceFor(request.ref));
        return {};
      case 'downloadURL':
        return { url: await getDownloadURL(this.referenceFor(request.ref)) };
      case 'list':
        return this.page(
          await list(this.referenceFor(request.ref), {
            maxResults: request.maxResults ?? undefined,
            pageToken: request.pageToken ?? undefined
          })
        );
      case 'listAll':
        return this.page(await listAll(this.referenceFor(request.ref)));
      case 'proceed':
        this.gate.proceeding = true;
        setImmediate(() => this.gate.release());
        return {};
      case 'hold':
        this.gate.proceeding = false;
        return {};
      default:
        throw new Error(`the firebase-js driver has no \`${request.op}\``);
    }
  }

  begin(request) {
    const target = new URL(request.target);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new Error(`the Firebase JS SDK speaks only the Firebase v0 API, not ${request.target}`);
    }
    this.app = initializeApp(
      { projectId: 'demo-storage-conformance', apiKey: 'unused', appId: '1:1:web:1', storageBucket: request.bucket },
      `driver-${Date.now()}`
    );
    this.storage = getStorage(this.app);
    this.gate.target = target.origin;
    this.gate.token = request.auth ?? null;
    // The SDK reads maxUploadRetryTime as the longest single wait between an upload's tries (task.ts:104-106,
    // 127-135; each of its requests also stops retrying after that long) and maxOperationRetryTime as a
    // deadline for all of an operation's tries (implementation/backoff.ts:136-140); its downloads take the
    // operation time, so the driver sets the download time for each getBytes and getStream. In milliseconds.
    const retry = kind => request.retry?.[kind];
    if (typeof retry('upload')?.longestWait === 'number') {
      this.storage.maxUploadRetryTime = retry('upload').longestWait * 1000;
    }
    if (typeof retry('operation')?.budget === 'number') {
      this.storage.maxOperationRetryTime = retry('operation').budget * 1000;
    }
    this.downloadRetryTime = typeof retry('download')?.budget === 'number' ? retry('download').budget * 1000 : null;
    if ((request.faults ?? []).length > 0) throw new Error('the firebase-js driver puts no faults into requests');
    return {};
  }

  reference(request) {
    let reference;
    if (request.root) {
      reference = ref(this.storage);
    } else if (request.string !== undefined) {
      // One call for a path or a URL: the SDK decides which (service.ts isUrl); `given` is the runner's view.
      reference = ref(this.storage, request.string);
    } else {
      const from = this.referenceFor(request.from);
      const link = request.link;
      if (link === 'parent') reference = from.parent;
      else if (link === 'root') reference = from.root;
      else reference = ref(from, link.child);
    }
    return { ref: reference === null ? null : this.remember(reference) };
  }

  remember(reference) {
    const id = `r${this.references.size + 1}`;
    this.references.set(id, reference);
    return {
      id,
      bucket: reference.bucket,
      fullPath: reference.fullPath,
      name: reference.name,
      description: reference.toString()
    };
  }

  referenceFor(id) {
    const reference = this.references.get(id);
    if (!reference) throw new Error(`no reference ${id}`);
    return reference;
  }

  async put(request) {
    const task = { id: request.task, kind: 'upload', observers: new Map(), status: null, finished: false };
    // Node opens the file, or the SDK throws (an upload to the root), before any task exists: the call is
    // refused, and the runner ends the step's task with that error.
    const data =
      request.file !== undefined ? await this.fileBlob(request.file) : new Uint8Array(Buffer.from(request.data ?? '', 'base64'));
    task.sdk = this.gate.within(task, () =>
      uploadBytesResumable(this.referenceFor(request.ref), data, uploadMetadata(request.metadata))
    );
    this.tasks.set(task.id, task);
    task.sdk.on(
      'state_changed',
      snapshot => this.progressed(task, snapshot),
      error => this.ended(task, 'failure', { error: errorValue(error) }),
      () => this.ended(task, 'success', { result: { metadata: metadataValue(task.sdk.snapshot.metadata) } })
    );
    return {};
  }

  /**
   * The file as a browser's File would be: typed by its extension. Node opens a directory as a Blob that
   * fails when read (which the SDK would retry as a lost connection); it is refused as reading it refuses it.
   */
  async fileBlob(path) {
    if (statSync(path).isDirectory()) {
      throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR' });
    }
    const type = FILE_TYPES[extname(path).slice(1).toLowerCase()] ?? '';
    return openAsBlob(path, { type });
  }

  /** The SDK's snapshot as the protocol's event: running after running is progress. */
  progressed(task, snapshot) {
    let name;
    if (snapshot.state === 'paused') name = 'pause';
    else if (task.status === 'resume' || task.status === 'progress') name = 'progress';
    else name = 'resume';
    task.status = name;
    task.snapshot = snapshot;
    task.notifications = (task.notifications ?? 0) + 1;
    this.event(task, name, { completed: snapshot.bytesTransferred, total: snapshot.totalBytes });
  }

  ended(task, name, fields) {
    const snapshot = task.sdk.snapshot;
    task.status = name;
    task.notifications = (task.notifications ?? 0) + 1;
    this.event(task, name, { completed: snapshot.bytesTransferred, total: snapshot.totalBytes, ...fields });
    this.finish(task);
  }

  /** getBytes, with the download budget as the operation budget while the SDK takes it. */
  getData(request) {
    const task = { id: request.task, kind: 'download', observers: new Map(), status: null, finished: false };
    const download = this.withDownloadBudget(() =>
      this.gate.within(task, () => getBytes(this.referenceFor(request.ref), request.maxSize ?? undefined))
    );
    this.tasks.set(task.id, task);
    download
      .then(
        data => {
          const size = data.byteLength;
          this.event(task, 'success', {
            completed: size,
            total: size,
            result: { data: Buffer.from(data).toString('base64') }
          });
        },
        error => this.event(task, 'failure', { completed: 0, total: -1, error: errorValue(error) })
      )
      .finally(() => this.finish(task));
    return {};
  }

  /** getStream piped into the file; as the Apple SDK's write(toFile:) does, the file's folder is made first. */
  write(request) {
    const task = { id: request.task, kind: 'download', observers: new Map(), status: null, finished: false };
    const stream = this.withDownloadBudget(() => this.gate.within(task, () => getStream(this.referenceFor(request.ref))));
    this.tasks.set(task.id, task);
    mkdirSync(dirname(request.file), { recursive: true });
    pipeline(Readable.fromWeb(stream), createWriteStream(request.file))
      .then(
        () => {
          const size = this.fileSize(request.file);
          this.event(task, 'success', { completed: size, total: size, result: { file: request.file } });
        },
        error => this.event(task, 'failure', { completed: 0, total: -1, error: errorValue(error) })
      )
      .finally(() => this.finish(task));
    return {};
  }

  withDownloadBudget(body) {
    const operationRetryTime = this.storage.maxOperationRetryTime;
    if (this.downloadRetryTime !== null) this.storage.maxOperationRetryTime = this.downloadRetryTime;
    try {
      return body();
    } finally {
      this.storage.maxOperationRetryTime = operationRetryTime;
    }
  }

  fileSize(path) {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  }

  taskFor(id) {
    const task = this.tasks.get(id);
    if (!task) throw new Error(`no task ${id}`);
    return task;
  }

  /**
   * pause and cancel take effect when the SDK's current request ends (task.ts _transition): a held request
   * is refused at once, one already sent runs to its end. The answer waits until then, so the command's
   * own event (pause, or the cancel's failure) is written before it, as docs/driver-protocol.md §5 asks.
   */
  async control(request) {
    const task = this.taskFor(request.task);
    if (task.kind !== 'upload') {
      throw new Error(`the JS SDK's downloads are Promises without a task: they cannot ${request.op}`);
    }
    // Between two chunks the SDK waits a timer and its tokens before it asks for the next one. In process a
    // trigger acts where the client is about to send its next request, so let the SDK get that far (its
    // request is then held here and refused), rather than pause it sooner or later depending on timing.
    if (request.op !== 'resume') await this.gate.settled(task, 250);
    const tookEffect = this.gate.within(task, () => task.sdk[request.op]());
    if (request.op === 'resume' || !tookEffect) return {};
    this.gate.refuse(task, `the driver withheld this request: the task was told to ${request.op}`);
    const deadline = Date.now() + 30000;
    while (task.sdk.snapshot.state === 'running' && Date.now() < deadline) {
      await new Promise(resolve => setTimeout(resolve, 1));
    }
    await new Promise(resolve => setImmediate(resolve));
    return {};
  }

  observe(request) {
    const task = this.taskFor(request.task);
    if (task.kind !== 'upload') {
      throw new Error("the JS SDK's downloads are Promises without a task: they have no observers");
    }
    const handle = request.observer;
    const wanted = request.status;
    // The SDK calls a new observer at once with the task's current state (task.ts _addObserver);
    // that call comes before any notification the driver's own observer has seen since.
    const registeredAt = task.notifications ?? 0;
    let first = true;
    const report = (status, fields) => {
      if (status === wanted) write({ observed: handle, task: task.id, status, ...fields });
    };
    const statusNow = () => {
      const initial = first && (task.notifications ?? 0) === registeredAt;
      first = false;
      return initial;
    };
    const unsubscribe = task.sdk.on(
      'state_changed',
      snapshot => {
        // The call at registration repeats the task's latest event (resume, progress or pause).
        const status = statusNow() ? (snapshot.state === 'paused' ? 'pause' : (task.status ?? 'resume')) : task.status;
        report(status, { completed: snapshot.bytesTransferred, total: snapshot.totalBytes });
      },
      error => {
        statusNow();
        const snapshot = task.sdk.snapshot;
        report('failure', { completed: snapshot.bytesTransferred, total: snapshot.totalBytes, error: errorValue(error) });
      },
      () => {
        statusNow();
        const snapshot = task.sdk.snapshot;
        report('success', { completed: snapshot.bytesTransferred, total: snapshot.totalBytes });
      }
    );
    task.observers.set(handle, { status: wanted, unsubscribe });
    return {};
  }

  removeObserver(request) {
    const task = this.taskFor(request.task);
    const observer = task.observers.get(request.observer);
    if (observer) {
      observer.unsubscribe();
      task.observers.delete(request.observer);
    }
    return {};
  }

  removeAllObservers(request) {
    const task = this.taskFor(request.task);
    for (const [handle, observer] of task.observers) {
      if (request.status === null || request.status === undefined || observer.status === request.status) {
        observer.unsubscribe();
        task.observers.delete(handle);
      }
    }
    return {};
  }

  page(result) {
    return {
      prefixes: result.prefixes.map(reference => this.remember(reference)),
      items: result.items.map(reference => this.remember(reference)),
      pageToken: result.nextPageToken ?? null
    };
  }

  async end() {
    if (this.app) await deleteApp(this.app).catch(() => {});
  }
}

async function main() {
  const driver = new Driver();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    if ('ack' in request) {
      driver.acknowledge(request.ack);
      continue;
    }
    if (request.op === 'end') break;
    // Answers are written in the order requests arrive, so each op is handled before the next is read.
    try {
      const answer = await driver.handle(request);
      write({ id: request.id, ok: true, ...answer });
    } catch (error) {
      write({ id: request.id, ok: false, error: errorValue(error) });
    }
  }
  await driver.end();
  process.exit(0);
}

main().catch(error => {
  process.stderr.write(`firebase-js driver: ${error?.stack ?? error}\n`);
  process.exit(1);
});
