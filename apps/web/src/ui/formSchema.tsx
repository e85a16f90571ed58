/**
 * The schema of the form around a field (ResourceForm and EditorForm provide it), so that each field
 * shows the bounds the server enforces — a text's maximum length, a number's range — read from the
 * shared zod contract rather than repeated by every screen.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { z } from 'zod';
import { boundsOf, type ConflictHolder, type FieldBounds } from '@qm/contracts';

const FormSchemaContext = createContext<z.ZodType | null>(null);
const HoldersContext = createContext<Record<string, ConflictHolder>>({});

/**
 * `holders`: after a 409 for a value in use, the record that holds it, by field path: the field
 * names it with a link.
 */
export function FormSchemaProvider({ schema, holders = {}, children }: { schema: z.ZodType; holders?: Record<string, ConflictHolder>; children: ReactNode }) {
  return (
    <FormSchemaContext.Provider value={schema}>
      <HoldersContext.Provider value={holders}>{children}</HoldersContext.Provider>
    </FormSchemaContext.Provider>
  );
}

/** The record that holds the value of field `name` (after a 409), or undefined. */
export function useFieldHolder(name: string): ConflictHolder | undefined {
  const holders = useContext(HoldersContext);
  return Object.hasOwn(holders, name) ? holders[name] : undefined;
}

/** The bounds of the field `name` (dotted path) in the surrounding form's schema; none outside a form. */
export function useFieldBounds(name: string): FieldBounds {
  const schema = useContext(FormSchemaContext);
  return schema ? boundsOf(schema, name) : {};
}
