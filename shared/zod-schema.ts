import { z } from 'zod'

/**
 * The schema a value must match, seen through optional, default, refine, transform, pipe, lazy
 * and the like: what bounds a list or names an object's fields before zod parses anything.
 */
export function innerSchema(schema: z.ZodTypeAny): z.ZodTypeAny {
  for (;;) {
    if (
      schema instanceof z.ZodOptional ||
      schema instanceof z.ZodNullable ||
      schema instanceof z.ZodDefault ||
      schema instanceof z.ZodCatch ||
      schema instanceof z.ZodReadonly
    )
      schema = schema._def.innerType
    else if (schema instanceof z.ZodEffects) schema = schema._def.schema
    else if (schema instanceof z.ZodPipeline) schema = schema._def.in
    else if (schema instanceof z.ZodBranded) schema = schema._def.type
    else if (schema instanceof z.ZodLazy) schema = schema._def.getter()
    else return schema
  }
}
