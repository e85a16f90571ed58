import { DEFAULT_THEME, createTheme, isVirtualColor, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { mix, readable } from './contrast';

/** A steel blue for a calm, dense back-office UI. */
const steel: MantineColorsTuple = [
  '#eef4fb',
  '#dbe6f3',
  '#b3cbe6',
  '#87aed9',
  '#6395ce',
  '#4c86c8',
  '#3f7ec6',
  '#306baf',
  '#265f9d',
  '#15528c',
];

/** Every text colour reaches 4.5:1 (WCAG 1.4.3); 4.6 leaves room for rounding in the browser. */
export const TEXT_CONTRAST = 4.6;
/** Focus rings and other parts of controls reach 3:1 (WCAG 1.4.11). */
export const UI_CONTRAST = 3;

/**
 * The surfaces text sits on. Light: the page (white), striped and hovered rows (gray 0 and 1), a
 * selected row (the primary colour's light tint, at most steel 1). Dark: the page (dark 7), inputs,
 * papers and striped rows (dark 6), hovered rows (dark 5), a selected row (steel's dark light tint).
 */
export const SURFACES = {
  light: ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1], steel[1]],
  dark: [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6], DEFAULT_THEME.colors.dark[5], mix(steel[9], '#000000', 0.5)],
} as const;

/**
 * Secondary ("dimmed") text and placeholders. Mantine's are 3.3:1 (light) and 4.0:1 (dark); these
 * are 6.1:1 on white, 5.5:1 on gray 1 and 4.8:1 on a selected row (steel 1); 6.4:1 on dark 7, 5.6:1
 * on dark 6 and 4.6:1 on dark 5 — still clearly lighter than the body text (#000, dark 0).
 */
export const DIMMED = { light: '#5c636a', dark: '#a6a6a6' } as const;

/** Names of the pager's arrows (they show only an icon). */
export const PAGER_CONTROLS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export const theme = createTheme({
  primaryColor: 'steel',
  colors: { steel },
  // White on the filled colour reaches 4.5:1 in both themes (steel 7: 5.5:1).
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'sm',
  focusRing: 'auto',
  cursorType: 'pointer',
  // Inter, shipped with the console (app/fonts.css: latin, variable weight); the system stack while it loads.
  fontFamily: '"Inter Variable", Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
  headings: { fontWeight: '600' },
  // Users who ask their system for less motion get none (dialogs, menus, toasts appear at once).
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // No asterisk inside labels: a field's label is exactly its name ("Email", "Password"), for
    // screen readers and for tests; required fields still carry the `required` attribute.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // The eye button must not be named like the field ("Password"): labels stay unique.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what was typed' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // Close buttons show only a cross: they are named.
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 1 }, closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // The arrows of every pager are named; each page button says which page it opens.
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({ 'aria-label': PAGER_CONTROLS[control] }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
  },
});

/**
 * Colour variables that meet WCAG AA in both themes, for every colour of the theme (Mantine's own
 * fail in places: teal 9 on teal 1 is 4.3:1, white on red 6 3.3:1, orange 7 on white 3.0:1):
 *
 * - `-filled` (buttons, filled badges; white text): the first shade from 7 with white at 4.6:1.
 * - `-text` and `-outline` (`c="red"`, outline badges): 4.6:1 on every surface of the theme.
 * - `-light-color` (light badges, alerts, subtle buttons): 4.6:1 on the light background and on its
 *   hover.
 * - dimmed text, placeholders, links, errors; `--qm-focus-ring`: 3:1 on every surface.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    if (isVirtualColor(shades)) continue;
    const s = shades as readonly string[];
    const filled = readable([s[7]!, s[8]!, s[9]!], ['#ffffff'], TEXT_CONTRAST);
    const filledHover = mix(filled, '#000000', 0.12);

    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
    const lightText = readable([s[6]!, s[7]!, s[8]!, s[9]!], SURFACES.light, TEXT_CONTRAST);
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    light[`--mantine-color-${name}-light-color`] = readable([s[9]!], [s[1]!, s[2]!], TEXT_CONTRAST);

    dark[`--mantine-color-${name}-filled`] = filled;
    dark[`--mantine-color-${name}-filled-hover`] = filledHover;
    const darkLightBg = mix(s[9]!, '#000000', 0.5);
    dark[`--mantine-color-${name}-light`] = darkLightBg;
    dark[`--mantine-color-${name}-light-hover`] = mix(s[9]!, '#000000', 0.3);
    const darkText = readable([s[4]!, s[3]!, s[2]!, s[1]!, s[0]!], SURFACES.dark, TEXT_CONTRAST);
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
    dark[`--mantine-color-${name}-light-color`] = readable([s[0]!], [darkLightBg, mix(s[9]!, '#000000', 0.3)], TEXT_CONTRAST);
  }
  const primary = t.colors[t.primaryColor]!;
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': DIMMED.light,
      '--mantine-color-placeholder': DIMMED.light,
      '--mantine-color-anchor': light[`--mantine-color-${t.primaryColor}-text`]!,
      '--mantine-color-error': light['--mantine-color-red-text']!,
      '--qm-focus-ring': readable([primary[7]!, primary[8]!, primary[9]!], SURFACES.light, UI_CONTRAST),
      ...light,
    },
    dark: {
      '--mantine-color-dimmed': DIMMED.dark,
      '--mantine-color-placeholder': DIMMED.dark,
      '--mantine-color-anchor': dark[`--mantine-color-${t.primaryColor}-text`]!,
      '--mantine-color-error': dark['--mantine-color-red-text']!,
      '--qm-focus-ring': readable([primary[4]!, primary[3]!, primary[2]!], SURFACES.dark, UI_CONTRAST),
      ...dark,
    },
  };
};
