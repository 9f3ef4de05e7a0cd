import { Logger } from '@nestjs/common';
import { type OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { buildOpenApiDocument } from '../../src/create-app';
import { MAX_SERIAL_ID, TEXT_ID_PATTERN } from '../../src/shared/http/id-params';
import { signInByEmail } from '../support/auth';
import { buyPackage, sessionOn } from '../support/journey';
import { startTestApp, type TestApp } from '../support/test-app';

/** Ids no column holds: zero, negative, past a Postgres integer, far past it, an exponent, letters, 300 digits. */
const BAD_IDS = ['0', '-1', '2147483648', '99999999999', '1e3', 'abc', '1'.repeat(300)];

/** A well-formed id that names nothing: what every bad one must be answered like. */
const unknownFor = (name: string, schema: { type?: string; pattern?: string }): string => {
  if (schema.type === 'integer') return String(MAX_SERIAL_ID);
  if (name === 'filename') return `${MAX_SERIAL_ID}.jpg`;
  if (schema.pattern === TEXT_ID_PATTERN) return 'unknown_0000000000';
  throw new Error(`path parameter ${name} is read without an id pipe (SerialIdParam or TextIdParam)`);
};

/** Bodies a route needs besides its path id, so that only the id can be what is refused. */
const VALID_BODIES: Record<string, object> = {
  'PATCH /api/orders/{id}': { status: 'pending' },
  'PUT /api/orders/{id}/look': { look: 'warm' },
  'PUT /api/orders/{id}/privacy-blur': { privacyBlur: true },
  'PUT /api/photos/{photoId}/rating': { score: 4 },
  'POST /api/photos/{photoId}/adjustments': { style: 'warm' },
  'POST /api/test-payments/{paymentIntentId}/confirm': { cardNumber: '4242424242424242' },
};

interface Operation {
  method: string;
  path: string;
  pathIds: { name: string; schema: { type?: string; pattern?: string } }[];
  bodyIds: { name: string; array: boolean; required: string[] }[];
  multipart: boolean;
  sessionAllowed: boolean;
}

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
};

/** Every operation of the app's own OpenAPI document that takes an id in its path or its body. */
function operationsWithIds(doc: OpenAPIObject): Operation[] {
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').pop()!] as Schema) : schema;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Record<string, unknown>>).map(([method, op]) => {
      const parameters = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: Operation['pathIds'][0]['schema'];
      }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      const body = resolve(media?.schema);
      const bodyIds = Object.entries(body?.properties ?? {})
        .filter(([name]) => /Ids?$/.test(name))
        .map(([name, property]) => ({ name, array: property.type === 'array', required: body?.required ?? [] }));
      return {
        method: method.toUpperCase(),
        path,
        pathIds: parameters.filter((p) => p.in === 'path'),
        bodyIds,
        multipart: mediaType === 'multipart/form-data',
        sessionAllowed: ((op.security ?? []) as Record<string, unknown>[]).some((s) => 'session' in s),
      };
    }),
  );
}

/** What a host or an integrator is owed when an id is wrong: the answer for an id that names nothing, never a 500. */
describe('ids no column can hold', () => {
  let t: TestApp;
  let cookie: string;
  let apiKey: string;
  let operations: Operation[];
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signInByEmail(t.app, t.dataDir, 'owner@example.com');
    await buyPackage(sessionOn(t.app.getHttpServer(), cookie));
    const key = await request(t.app.getHttpServer())
      .post('/api/api-keys')
      .set('Cookie', cookie)
      .set('X-Requested-With', 'test')
      .send({ name: 'bad ids' })
      .expect(201);
    apiKey = key.body.key;
    operations = operationsWithIds(buildOpenApiDocument(t.app));
    jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  }, 120_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });
  beforeEach(() => (errors.length = 0));

  /** The operation called as its owner: the session when the route takes one, else the owner's API key. */
  const call = (op: Operation, path: string) => {
    const req = request(t.app.getHttpServer())[op.method.toLowerCase() as 'get'](path);
    return op.sessionAllowed
      ? req.set('Cookie', cookie).set('X-Requested-With', 'test')
      : req.set('Authorization', `Bearer ${apiKey}`);
  };
  const answer = (res: request.Response) => ({ status: res.status, body: res.body as unknown });

  it('finds the routes that take ids in the OpenAPI document', () => {
    const routes = operations.filter((op) => op.pathIds.length > 0).map((op) => `${op.method} ${op.path}`);
    // Not the whole list (a new route joins the walk below by itself): the ones the issue named must be in it.
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/photos/view/{photoId}',
        'GET /api/download-photo/{photoId}',
        'GET /api/photos/file/{filename}',
        'GET /api/photos/{photoId}/adjustments',
        'POST /api/photos/{photoId}/adjustments',
        'GET /api/orders/{id}',
      ]),
    );
  });

  it('answers every bad id in a path exactly like an unknown one, and logs no error', async () => {
    const mismatches: string[] = [];
    for (const op of operations.filter((o) => o.pathIds.length > 0)) {
      const body = VALID_BODIES[`${op.method} ${op.path}`];
      const send = (values: Record<string, string>) => {
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
        const req = call(op, path);
        return body ? req.send(body) : req;
      };
      const unknown = Object.fromEntries(op.pathIds.map((p) => [p.name, unknownFor(p.name, p.schema)]));
      const expected = answer(await send(unknown));
      expect(expected.status).toBeGreaterThanOrEqual(400);
      expect(expected.status).toBeLessThan(500);
      for (const param of op.pathIds) {
        const bad = param.name === 'filename' ? BAD_IDS.flatMap((id) => [id, `${id}.jpg`]) : BAD_IDS;
        for (const id of bad) {
          const got = answer(await send({ ...unknown, [param.name]: id }));
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            mismatches.push(`${op.method} ${op.path} ${param.name}=${id.slice(0, 20)}: ${JSON.stringify(got)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses every bad id in a body with 400 naming the field, or answers it like an unknown one', async () => {
    const walked = operations.filter((op) => op.bodyIds.length > 0);
    expect(walked.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['POST /api/photos/process', 'POST /api/complete-purchase', 'POST /api/photos/upload']),
    );
    const unexpected: string[] = [];
    for (const op of walked) {
      // Unknown values for every id the body carries: integers for arrays of ids, well-formed text otherwise.
      const unknownBody = Object.fromEntries(
        op.bodyIds.map((f) => [f.name, f.array ? [MAX_SERIAL_ID] : 'pi_000000000000000000000000']),
      );
      const send = (fields: Record<string, unknown>) => {
        if (!op.multipart) return call(op, op.path).send(fields);
        let req = call(op, op.path);
        for (const [name, value] of Object.entries(fields)) req = req.field(name, String(value));
        return req;
      };
      const expected = answer(await send(unknownBody));
      expect(expected.status).toBeGreaterThanOrEqual(400);
      expect(expected.status).toBeLessThan(500);
      for (const field of op.bodyIds) {
        for (const id of BAD_IDS) {
          const numeric = /^-?\d+$/.test(id) && id.length < 16 ? Number(id) : id;
          const value = field.array && !op.multipart ? [numeric] : id;
          const got = answer(await send({ ...unknownBody, [field.name]: value }));
          const message = (got.body as { message?: string }).message ?? '';
          const namesField = got.status === 400 && message.includes(field.name);
          if (!namesField && JSON.stringify(got) !== JSON.stringify(expected)) {
            unexpected.push(`${op.method} ${op.path} ${field.name}=${id.slice(0, 20)}: ${JSON.stringify(got)}`);
          }
        }
      }
    }
    expect(unexpected).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('still serves a well-formed id of the caller', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/orders').set('Cookie', cookie).expect(200);
    const [order] = res.body as { id: string }[];
    await request(t.app.getHttpServer()).get(`/api/orders/${order.id}`).set('Cookie', cookie).expect(200);
  });
});
