import type { PublicSku } from '../../shared/public-config.ts';
import { useDapp } from '../data/context.ts';
import { fetchSkuSummary } from '../data/indexer.ts';
import { useAsync } from '../data/use-async.ts';
import { h } from '../h.ts';
import { Link } from '../router.ts';
import { Banners } from '../ui/banners.ts';
import { Failed, Loading, useVault } from './common.ts';
import { Composition, Headline } from './vault-card.ts';

export function VaultList() {
  const { session } = useDapp();
  return h(
    'div',
    null,
    h('h1', null, 'Vaults'),
    h(
      'p',
      { className: 'lead' },
      'Each vault holds a basket of tokenized stocks. Amounts are shown with each token’s current multiplier applied.',
    ),
    session.config.skus.map((sku) => h(VaultCard, { key: sku.skuId, sku })),
  );
}

function VaultCard(props: { sku: PublicSku }) {
  const { session } = useDapp();
  const view = useVault(props.sku);
  const summary = useAsync(
    () => fetchSkuSummary(session.config.indexerBase, props.sku.skuId),
    [props.sku.skuId],
  );
  return h(
    'section',
    { className: 'card', 'aria-labelledby': `sku-${props.sku.skuId}` },
    h(
      'h2',
      { id: `sku-${props.sku.skuId}` },
      h(Link, { to: `/vaults/${props.sku.skuId}` }, `${props.sku.skuId} — ${props.sku.label}`),
    ),
    view.error ? h(Failed, { error: view.error }) : null,
    view.value
      ? [
          h(Banners, { key: 'b', banners: view.value.banners }),
          h(Headline, { key: 'h', view: view.value, summary: summary.value }),
          h(Composition, { key: 'c', view: view.value }),
          h(
            'p',
            { key: 'a', className: 'actions' },
            h(Link, { to: `/vaults/${props.sku.skuId}/deposit`, className: 'button' }, 'Deposit'),
            ' ',
            h(
              Link,
              { to: `/vaults/${props.sku.skuId}/withdraw`, className: 'button secondary' },
              'Withdraw',
            ),
          ),
        ]
      : view.error
        ? null
        : h(Loading, { what: props.sku.skuId }),
  );
}
