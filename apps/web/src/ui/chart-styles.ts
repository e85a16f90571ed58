/**
 * The styles every chart needs, imported by each chart module (charts load with their screens, not
 * with the sign-in page): Mantine's chart styles and the colour swatch their legends are drawn with.
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
