import { type ComponentType, createContext, Suspense, useContext } from 'react';

/** What an action on an instrument's page needs to know of it. */
export interface InstrumentActionProps {
  instrumentId: number;
  code: string;
  name: string;
  priceDecimals: number;
  /** The last price the page has (the live feed may have a newer one). */
  last?: string;
}

/**
 * Actions another feature adds to an instrument's header (the price alert button of
 * features/watchlist): features do not import each other, so the app shell provides them here and
 * the market feature renders whatever it is given.
 */
const InstrumentActionsContext = createContext<readonly ComponentType<InstrumentActionProps>[]>([]);

export const InstrumentActionsProvider = InstrumentActionsContext.Provider;

/** The provided actions, each loading on its own (a lazy component shows nothing until it has). */
export function InstrumentActions(props: InstrumentActionProps) {
  const actions = useContext(InstrumentActionsContext);
  return (
    <>
      {actions.map((Action, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, provided once
        <Suspense key={i} fallback={null}>
          <Action {...props} />
        </Suspense>
      ))}
    </>
  );
}
