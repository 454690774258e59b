import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { OpenAPIObject } from '@nestjs/swagger';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnyObject } from 'yup';
import { YupPipe } from './yup.pipe';
import { PUBLIC_KEY, ROLES_KEY } from '../auth/decorators';

type PathItem = OpenAPIObject['paths'][string];
type OperationObject = NonNullable<PathItem['get']>;
type ParameterObject = Extract<NonNullable<OperationObject['parameters']>[number], { in: unknown }>;
type SchemaObject = { properties?: Record<string, unknown>; required?: string[] };

interface RouteArg {
  index: number;
  data?: string;
  pipes?: unknown[];
}

const yupSchemaOf = (arg: RouteArg) =>
  arg.pipes?.find((p): p is YupPipe<AnyObject> => p instanceof YupPipe)?.documented;

const operations = (doc: OpenAPIObject): Map<string, OperationObject> => {
  const byId = new Map<string, OperationObject>();
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item) as OperationObject[])
      if (op && typeof op === 'object' && op.operationId) byId.set(op.operationId, op);
  return byId;
};

/**
 * Nest's OpenAPI knows a body only as `object` and nothing of our guard: the rules live in the yup
 * schemas of libs/contracts that the routes validate with, and in @Public/@Roles. This writes both
 * into the document (request bodies, query parameters, bearer security, `x-roles`), so the published
 * API says what it accepts and who may call it, and the fuzz and authorization tests work from the
 * very rules the server applies.
 */
export const documentRoutes = (app: INestApplication, doc: OpenAPIObject): OpenAPIObject => {
  const ops = operations(doc);
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller?.prototype) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const args: Record<string, RouteArg> =
          Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const op = ops.get(`${controller.name}_${method}`);
        if (!op) continue;
        const handler = controller.prototype[method as keyof typeof controller.prototype];
        const meta = <T>(key: string): T | undefined =>
          Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        if (!meta<boolean>(PUBLIC_KEY)) op.security = [{ bearer: [] }];
        const roles = meta<string[]>(ROLES_KEY);
        if (roles?.length) Object.assign(op, { 'x-roles': roles });
        for (const [key, arg] of Object.entries(args)) {
          const schema = yupSchemaOf(arg);
          if (!schema) continue;
          const json = convertSchema(schema) as SchemaObject;
          const type = Number(key.split(':')[0]);
          if (type === RouteParamtypes.BODY)
            op.requestBody = { required: true, content: { 'application/json': { schema: json as object } } };
          if (type === RouteParamtypes.QUERY) {
            const required = new Set(json.required ?? []);
            const params: ParameterObject[] = Object.entries(json.properties ?? {}).map(([name, s]) => ({
              name,
              in: 'query',
              required: required.has(name),
              schema: s as object,
            }));
            op.parameters = [
              ...(op.parameters ?? []).filter(
                (p) => !('in' in p && p.in === 'query' && params.some((q) => q.name === p.name)),
              ),
              ...params,
            ];
          }
        }
      }
    }
  }
  return doc;
};
