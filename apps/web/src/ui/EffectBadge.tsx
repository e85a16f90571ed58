/**
 * A compliance outcome as a badge: one colour per effect, strictest the loudest (block filled red),
 * the same on the compliance screens and the routing screens. An outcome code the console does not
 * know yet shows in words, grey.
 */
import { Badge, Tooltip } from '@mantine/core';
import { EFFECT_LABELS, type ComplianceEffect } from '@qm/contracts';
import { codeInWords } from '../lib/format';

export const EFFECT_COLORS: Record<ComplianceEffect, string> = {
  block: 'red',
  licensed_dealer: 'orange',
  document: 'yellow',
  min_age: 'blue',
  adult_signature: 'gray',
};

/** In words as written (an outcome may carry a document's name), allowed the same. */
const style = { textTransform: 'none', overflow: 'visible' } as const;

const known = (code: string): code is ComplianceEffect => Object.hasOwn(EFFECT_LABELS, code);

/** The effect in words, with its document or age. */
export function effectText(effect: ComplianceEffect, detail?: { document?: string | null; documents?: string[]; min_age?: number | null }): string {
  if (effect === 'min_age' && detail?.min_age) return `Minimum age ${detail.min_age}`;
  const docs = detail?.documents?.length ? detail.documents.join(', ') : detail?.document;
  if (effect === 'document' && docs) return `Document: ${docs}`;
  return EFFECT_LABELS[effect];
}

/** `effect` null: allowed. `reason`: why, in a tooltip. */
export function EffectBadge({
  effect,
  document,
  documents,
  min_age,
  reason,
  size = 'sm',
}: {
  effect: string | null;
  document?: string | null;
  documents?: string[];
  min_age?: number | null;
  reason?: string | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  const badge =
    effect === null ? (
      <Badge color="teal" variant="light" size={size} radius="sm" style={style}>
        Allowed
      </Badge>
    ) : (
      <Badge color={known(effect) ? EFFECT_COLORS[effect] : 'gray'} variant={effect === 'block' ? 'filled' : 'light'} size={size} radius="sm" style={style}>
        {known(effect) ? effectText(effect, { document, documents, min_age }) : codeInWords(effect)}
      </Badge>
    );
  return reason ? (
    <Tooltip label={reason} multiline w={320} withinPortal>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
