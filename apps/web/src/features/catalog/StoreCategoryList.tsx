/** Store Categories (Stores & Feeds): how each category is presented on each store. */
import { StorePresentationList } from './parts/StorePresentation';

export default function StoreCategoriesScreen() {
  return <StorePresentationList subject="category" />;
}
