/**
 * The schema of the form around a field (ResourceForm and EditorForm provide it), so that each field
 * shows the bounds the server enforces — a text's maximum length, a number's range — read from the
 * shared zod contract rather than repeated by every screen.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { z } from 'zod';
import { boundsOf, type FieldBounds } from '@qm/contracts';

const FormSchemaContext = createContext<z.ZodType | null>(null);

export function FormSchemaProvider({ schema, children }: { schema: z.ZodType; children: ReactNode }) {
  return <FormSchemaContext.Provider value={schema}>{children}</FormSchemaContext.Provider>;
}

/** The bounds of the field `name` (dotted path) in the surrounding form's schema; none outside a form. */
export function useFieldBounds(name: string): FieldBounds {
  const schema = useContext(FormSchemaContext);
  return schema ? boundsOf(schema, name) : {};
}
