import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type JsonObject = Record<string, unknown>;
type Operation = JsonObject & { tags?: string[]; operationId?: string };

/** What each tag of the contract's route tables covers (the document's global tags). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  activities: 'What changed in a plan, an item or an expense, and by whom.',
  billing: "The tenant's subscription, plan changes, invoices and payment method.",
  'budget categories': 'The categories budget items are grouped by.',
  'budget items': "A plan's budget items and their monthly phasing.",
  comments: 'Comments on plans, items and expenses, with mentions.',
  expectations: 'The forecast grid: expected counts per funnel stage and month.',
  expenses: 'Expenses recorded against budget items.',
  funnels: "A plan's funnel stages, conversion rates and cost per stage.",
  guest: 'What a shared link shows without signing in.',
  identity: 'Signing in and out, tokens, and changing a password.',
  import: 'Importing budget items and expenses from a spreadsheet, and undoing an import.',
  invitations: 'Accepting an invitation to join a tenant.',
  lookups: 'GL codes and funnel stages.',
  notifications: 'The in-app inbox and the weekly digest.',
  objectives: 'Objectives with targets, results and linked budget items.',
  payments: 'Paying at sign-up.',
  people: "The tenant's people, their roles and notification choices.",
  performance: "A plan's performance: objectives, cost per result, funnel against expectations.",
  plans: 'Marketing plans: create, change, share, archive.',
  playbook: 'Plays (plan templates): browse, create a plan from one, save a plan as one.',
  recovery: 'Forgotten passwords.',
  registration: 'Signing up a new tenant.',
  reports: 'The dashboard, the budget categories report and spending over time.',
  teams: 'Teams and their members.',
  tenants: "The tenant's settings and the caller's profile and permissions.",
};

/** `/api/BudgetItemClient/GetPlanMonths` → `BudgetItemClient_GetPlanMonths`: the contract's Client and method. */
export const operationIdOf = (path: string): string =>
  path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/[^A-Za-z0-9]/g, ''))
    .join('_');

/**
 * OpenAPI 3.0 wants `nullable` beside a `type`; zod writes `nullable` beside an `anyOf` for a nullable
 * union. A union of same-typed literals becomes one `enum`; any other union carries `nullable` on each member.
 */
const fixNullable = (node: unknown): void => {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonObject;
  for (const value of Object.values(schema)) fixNullable(value);
  const members = schema.anyOf ?? schema.oneOf;
  if (schema.nullable !== true || schema.type !== undefined || !Array.isArray(members)) return;
  const literals = members as JsonObject[];
  const [first] = literals;
  const sameTypedEnums =
    first !== undefined &&
    literals.every((member) => Array.isArray(member.enum) && member.type === first.type && Object.keys(member).length === 2);
  delete schema.nullable;
  if (sameTypedEnums) {
    delete schema.anyOf;
    delete schema.oneOf;
    Object.assign(schema, { type: first.type, enum: literals.flatMap((member) => member.enum as unknown[]), nullable: true });
    return;
  }
  for (const member of literals) member.nullable = true;
};

/** The stale-write answer of every write whose body carries a Version (DESIGN.md §13). */
const STALE_WRITE_RESPONSE: JsonObject = {
  description:
    'The row changed since the Version sent was read: nothing was written. Message names who changed what and when; Result is the row (or the rows of a multi-row change) as it is now; Conflict carries {Entity, Id, Version, ChangedBy, ChangedAt}. Send again with the current Version to save over it.',
};

/**
 * The finishing touches the generator does not make: an operationId per operation (named after the
 * contract's Client/Method, suffixed with the HTTP method when a path answers two), the global tags,
 * where the API is served, and `nullable` only beside a `type`.
 */
export const finishOpenApiDocument = (document: JsonObject, serverUrl: string): JsonObject => {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const usedTags = new Set<string>();
  for (const [path, methods] of Object.entries(paths)) {
    const names = Object.keys(methods);
    for (const method of names) {
      const operation: Operation = { ...(methods[method] as Operation) };
      const id = operationIdOf(path);
      operation.operationId = names.length > 1 ? `${id}_${method.toUpperCase()}` : id;
      // A write that carries the version it read answers 409 when the row changed since (DESIGN.md §13).
      if (JSON.stringify(operation.requestBody ?? {}).includes('"Version"')) {
        operation.responses = { ...(operation.responses as JsonObject | undefined), '409': STALE_WRITE_RESPONSE };
      }
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      methods[method] = operation;
    }
  }
  fixNullable(document.paths);
  fixNullable(document.components);
  return {
    ...document,
    servers: [{ url: serverUrl, description: 'This Plansmith server' }],
    tags: [...usedTags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations on ${name}.` })),
  };
};

/** The OpenAPI document, generated from the contract's schemas, at /api/docs (JSON at /api/docs/json). */
export const registerOpenApi = async (app: FastifyInstance, publicUrl: string): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Plansmith API',
        version: '1.0.0',
        description:
          'Marketing plans, budgets and expenses. Field names are PascalCase; money is decimal US dollars. Every editable row carries a Version (1 when created, one more on every change): updates and deletes send the Version they read, and a stale one answers 409 with the current row instead of overwriting.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT or API token',
            description:
              "A session's access token (JWT from /api/identity/token/user), or an API token (psk_…, made on /settings/api-tokens, paid plans): it acts as its creator; a read token is refused every write (403), no token manages tokens, sign-in, people or billing, 120 requests a minute per token.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Only an OpenAPI document is generated here (no Swagger 2 one): `openapi` is set above.
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? finishOpenApiDocument(documentObject.openapiObject as JsonObject, publicUrl)
        : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
};
