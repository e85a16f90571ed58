/** Mantine CSS the catalogue editors use beyond the layout's (loaded with them, not with the console). */
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Breadcrumbs.css';
import './catalog.css';
