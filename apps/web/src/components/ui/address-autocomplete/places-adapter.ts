/** Address lookup behind the address autocomplete: Google Places when configured (foundation §7). */
export type AddressSuggestion = { id: string; text: string };

export type AddressLookup = {
  /** Suggestions for typed text; [] for blank text or no match. Throws AddressLookupError on failure. */
  suggest(text: string): Promise<AddressSuggestion[]>;
  /** The full address of a suggestion (place details → formatted_address). */
  resolve(id: string): Promise<string>;
};

export class AddressLookupError extends Error {
  override readonly name = 'AddressLookupError';
}

// The slices of the Maps JavaScript API (places library) the adapter uses, as Google documents them.
export type PlacesStatus =
  | 'OK'
  | 'ZERO_RESULTS'
  | 'NOT_FOUND'
  | 'INVALID_REQUEST'
  | 'OVER_QUERY_LIMIT'
  | 'REQUEST_DENIED'
  | 'UNKNOWN_ERROR';

export type PlacePrediction = { place_id: string; description: string };

export type AutocompleteServiceLike = {
  getPlacePredictions(
    request: {
      input: string;
      types: string[];
      componentRestrictions: { country: string };
      sessionToken?: unknown;
    },
    callback: (predictions: PlacePrediction[] | null, status: PlacesStatus) => void,
  ): void;
};

export type PlacesServiceLike = {
  getDetails(
    request: { placeId: string; fields: string[]; sessionToken?: unknown },
    callback: (place: { formatted_address?: string } | null, status: PlacesStatus) => void,
  ): void;
};

export type PlacesServices = {
  autocomplete: AutocompleteServiceLike;
  places: PlacesServiceLike;
  /** One token per typing session, ended by the details request (billing). */
  newSessionToken?: () => unknown;
};

/** Predictions restricted to addresses in `country` (ISO 3166-1 alpha-2), then details. */
export function createPlacesLookup(services: PlacesServices, country: string): AddressLookup {
  let sessionToken: unknown;
  const token = () => {
    sessionToken ??= services.newSessionToken?.();
    return sessionToken === undefined ? {} : { sessionToken };
  };
  return {
    suggest(text) {
      const input = text.trim();
      if (!input) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        services.autocomplete.getPlacePredictions(
          {
            input,
            types: ['address'],
            componentRestrictions: { country: country.toLowerCase() },
            ...token(),
          },
          (predictions, status) => {
            if (status === 'ZERO_RESULTS') resolve([]);
            else if (status !== 'OK') reject(new AddressLookupError(`Place predictions failed: ${status}`));
            else resolve((predictions ?? []).map((p) => ({ id: p.place_id, text: p.description })));
          },
        );
      });
    },
    resolve(id) {
      return new Promise((resolve, reject) => {
        services.places.getDetails(
          { placeId: id, fields: ['formatted_address'], ...token() },
          (place, status) => {
            sessionToken = undefined;
            const address = place?.formatted_address?.trim();
            if (status !== 'OK' || !address)
              reject(new AddressLookupError(`Place details failed: ${status}`));
            else resolve(address);
          },
        );
      });
    },
  };
}

type GoogleMapsGlobal = {
  maps: {
    places: {
      AutocompleteService: new () => AutocompleteServiceLike;
      PlacesService: new (attribution: HTMLElement) => PlacesServiceLike;
      AutocompleteSessionToken: new () => unknown;
    };
  };
};

let loading: Promise<PlacesServices> | null = null;

/** Loads the Maps script with the places library once, only when a key is configured. */
function loadGooglePlaces(apiKey: string): Promise<PlacesServices> {
  loading ??= new Promise<PlacesServices>((resolve, reject) => {
    const callback = '__slatPlacesReady';
    const w = window as unknown as Record<string, unknown> & { google?: GoogleMapsGlobal };
    w[callback] = () => {
      const places = w.google?.maps.places;
      if (!places) {
        reject(new AddressLookupError('The places library did not load'));
        return;
      }
      resolve({
        autocomplete: new places.AutocompleteService(),
        places: new places.PlacesService(document.createElement('div')),
        newSessionToken: () => new places.AutocompleteSessionToken(),
      });
    };
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places&callback=${callback}`;
    script.async = true;
    script.onerror = () => reject(new AddressLookupError('The Maps script failed to load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A lookup that loads Places on first use. */
export function lazyPlacesLookup(apiKey: string, country: string): AddressLookup {
  const ready = () => loadGooglePlaces(apiKey).then((services) => createPlacesLookup(services, country));
  let lookup: Promise<AddressLookup> | null = null;
  const get = () => {
    lookup ??= ready().catch((error: unknown) => {
      lookup = null;
      throw error;
    });
    return lookup;
  };
  return {
    suggest: async (text) => (await get()).suggest(text),
    resolve: async (id) => (await get()).resolve(id),
  };
}
