/** Store Brand (Stores & Feeds): how each brand is presented on each store. */
import { StorePresentationScreen } from '../catalog/StorePresentationScreen';

export default function StoreBrandsScreen() {
  return <StorePresentationScreen subject="brand" />;
}
