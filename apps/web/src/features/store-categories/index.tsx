/** Store Categories (Stores & Feeds): how each category is presented on each store. */
import { StorePresentationScreen } from '../catalog/StorePresentationScreen';

export default function StoreCategoriesScreen() {
  return <StorePresentationScreen subject="category" />;
}
