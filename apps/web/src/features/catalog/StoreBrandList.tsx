/** Store Brand (Stores & Feeds): how each brand is presented on each store. */
import { StorePresentationList } from './parts/StorePresentation';

export default function StoreBrandsScreen() {
  return <StorePresentationList subject="brand" />;
}
