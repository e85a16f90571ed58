/**
 * Publishing a product on a store (`POST product/{id}/publish`). It counts as success only when the
 * response's `success` is true (SPEC §5); otherwise an `Error` dialog shows the response data, which
 * lists what blocks publishing (SPEC §8).
 */
import { notifications } from '@mantine/notifications';
import type { PublishResult } from '@qm/contracts';
import { alertDialog } from '../../../ui/ConfirmDialog';
import { responseDataDialog, responseDataOf } from '../../../ui/ResponseDataDialog';
import { usePublishProduct } from '../api';

/** Publishes the product on a store and says how it went; the product is read again when it was. */
export function usePublishToStore(productId: number): (store: { id: number; name: string }) => Promise<PublishResult | null> {
  const publish = usePublishProduct(productId);
  return (store) => publishToStore(publish.mutateAsync, store);
}

async function publishToStore(publish: (storeId: number) => Promise<PublishResult>, store: { id: number; name: string }): Promise<PublishResult | null> {
  let res: PublishResult;
  try {
    res = await publish(store.id);
  } catch (e) {
    responseDataDialog('Error', responseDataOf(e), `The product could not be published on ${store.name}.`);
    return null;
  }
  if (res.success === true) {
    notifications.show({ color: 'teal', title: 'Published', message: res.data?.message ?? `Published on ${store.name}.` });
    // Compliance restrictions do not stop publishing; they are said in a dialog that stays until closed.
    const warnings = res.data?.warnings ?? [];
    if (warnings.length)
      alertDialog(
        `Published on ${store.name}, restricted in places`,
        warnings.map((w) => `Restricted in ${w.states.length ? w.states.join(', ') : 'some places'}: ${w.message}`).join('\n'),
      );
  } else {
    responseDataDialog('Error', res.data, `The product was not published on ${store.name}. Nothing was changed.`);
  }
  return res;
}
