import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'steel',
  colors: { steel },
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'sm',
  focusRing: 'auto',
  cursorType: 'pointer',
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
  headings: { fontWeight: '600' },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // No asterisk inside labels: a field's label is exactly its name ("Email", "Password"), for
    // screen readers and for tests; required fields still carry the `required` attribute.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // The eye button must not be named like the field ("Password"): labels stay unique.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide what was typed' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 1 } } },
  },
});
