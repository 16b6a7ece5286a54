/**
 * Settings the platform only PUTs: tax settings (ref campaign-management/reference.mdx, Tax Settings) and user
 * settings (ref campaign-management/reference.mdx, User Settings), one record per account or user that always exists,
 * with no POST and no DELETE. Their declarations share what differs from the
 * standard lifecycle: create reads the record (so the outputs hold every
 * field, the undeclared ones too), then PUTs the declared fields; update
 * PUTs the changed ones; destroy leaves the record as it is (the
 * declaration's `leftInPlace`). Every setting is `computed`: left out of
 * the program, it is not managed.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { Standard } from "./declaration";
import { fieldsToSend } from "./lifecycle";
import { fieldsOf } from "./fields";
import { Context, CreateResult, declaresSomething, Rule, rule } from "./framework";

/** A resource that declares none of the settings would manage nothing: refused. */
export function declaresASetting<I>(inputs: z.ZodObject): Rule<I> {
  const settings = fieldsOf(inputs).updatable as (keyof I & string)[];
  return rule<I>(settings, (i) => declaresSomething(settings)(i as Record<string, unknown>));
}

/** Create and update of the settings record at `at(inputs)`, named `id(inputs)`. */
export function settingsLifecycle<I extends object, O extends I>(standard: Standard<I, O>, at: (p: I) => string, id: (p: I) => string) {
  return {
    async create(ctx: Context, inputs: I): Promise<CreateResult<O>> {
      const before = await ctx.client.get<Entity>(at(inputs));
      const after = await ctx.client.put<Entity>(at(inputs), standard.wire(inputs));
      return { id: id(inputs), outs: standard.outputs(inputs, { ...before, ...after }) };
    },

    async update(ctx: Context, recordId: string, olds: O, news: I): Promise<O> {
      const sent = fieldsToSend(standard.fields, olds as Record<string, unknown>, news as Record<string, unknown>);
      // The record of the state: what names it is create-only, so it is the same in the program.
      const after = await ctx.client.put<Entity>(at(olds), standard.wire(news, sent));
      // A PUT may answer only some fields (the real user settings PUT: three): the state keeps the others.
      return standard.updated(recordId, olds, news, { ...olds, ...standard.outputs(news, after) }, sent);
    },
  };
}
