import { describe, expect, it } from 'vitest';
import {
  AddressLookupError,
  type AutocompleteServiceLike,
  createPlacesLookup,
  type PlacePrediction,
  type PlacesServiceLike,
  type PlacesStatus,
} from './places-adapter';

// Shapes recorded from the Maps JavaScript API (places library), trimmed to what the adapter reads.
const recordedPredictions: PlacePrediction[] = [
  {
    description: '12 Wharf Road, Balmain NSW, Australia',
    place_id: 'ChIJ4e6pL6yvEmsRmJ2eF0s0b1A',
    // extra fields the real service sends are ignored
    ...({ matched_substrings: [{ length: 2, offset: 0 }], types: ['street_address', 'geocode'] } as object),
  },
  { description: '12 Wharf Street, Brisbane City QLD, Australia', place_id: 'ChIJ2bB7yN1akWsRw1q0l3Q7hQE' },
];
const recordedDetails = {
  formatted_address: '12 Wharf Rd, Balmain NSW 2041, Australia',
  html_attributions: [],
};

function fakeServices(
  predictions: { result: PlacePrediction[] | null; status: PlacesStatus },
  details: { result: { formatted_address?: string } | null; status: PlacesStatus } = {
    result: recordedDetails,
    status: 'OK',
  },
) {
  const calls: { predictions: unknown[]; details: unknown[] } = { predictions: [], details: [] };
  let tokens = 0;
  const autocomplete: AutocompleteServiceLike = {
    getPlacePredictions(request, callback) {
      calls.predictions.push(request);
      setTimeout(() => callback(predictions.result, predictions.status), 0);
    },
  };
  const places: PlacesServiceLike = {
    getDetails(request, callback) {
      calls.details.push(request);
      setTimeout(() => callback(details.result, details.status), 0);
    },
  };
  return { services: { autocomplete, places, newSessionToken: () => `token-${++tokens}` }, calls };
}

describe('createPlacesLookup', () => {
  it('asks for addresses in the user’s country and maps predictions to suggestions', async () => {
    const { services, calls } = fakeServices({ result: recordedPredictions, status: 'OK' });
    const lookup = createPlacesLookup(services, 'AU');
    const found = await lookup.suggest('  12 Wharf ');
    expect(found).toEqual([
      { id: 'ChIJ4e6pL6yvEmsRmJ2eF0s0b1A', text: '12 Wharf Road, Balmain NSW, Australia' },
      { id: 'ChIJ2bB7yN1akWsRw1q0l3Q7hQE', text: '12 Wharf Street, Brisbane City QLD, Australia' },
    ]);
    expect(calls.predictions).toEqual([
      {
        input: '12 Wharf',
        types: ['address'],
        componentRestrictions: { country: 'au' },
        sessionToken: 'token-1',
      },
    ]);
  });

  it('does not call the service for blank text', async () => {
    const { services, calls } = fakeServices({ result: recordedPredictions, status: 'OK' });
    expect(await createPlacesLookup(services, 'AU').suggest('   ')).toEqual([]);
    expect(calls.predictions).toHaveLength(0);
  });

  it('treats ZERO_RESULTS as no suggestions and other statuses as a failure', async () => {
    const none = fakeServices({ result: null, status: 'ZERO_RESULTS' });
    expect(await createPlacesLookup(none.services, 'AU').suggest('zzz')).toEqual([]);
    const denied = fakeServices({ result: null, status: 'REQUEST_DENIED' });
    await expect(createPlacesLookup(denied.services, 'AU').suggest('12')).rejects.toBeInstanceOf(
      AddressLookupError,
    );
  });

  it('resolves a suggestion to its formatted address with the same session token, then starts a new session', async () => {
    const { services, calls } = fakeServices({ result: recordedPredictions, status: 'OK' });
    const lookup = createPlacesLookup(services, 'AU');
    await lookup.suggest('12 Wharf');
    expect(await lookup.resolve('ChIJ4e6pL6yvEmsRmJ2eF0s0b1A')).toBe(
      '12 Wharf Rd, Balmain NSW 2041, Australia',
    );
    expect(calls.details).toEqual([
      { placeId: 'ChIJ4e6pL6yvEmsRmJ2eF0s0b1A', fields: ['formatted_address'], sessionToken: 'token-1' },
    ]);
    await lookup.suggest('14 Wharf');
    expect((calls.predictions[1] as { sessionToken: string }).sessionToken).toBe('token-2');
  });

  it('fails when details are missing or not OK', async () => {
    const notFound = fakeServices({ result: [], status: 'OK' }, { result: null, status: 'NOT_FOUND' });
    await expect(createPlacesLookup(notFound.services, 'AU').resolve('x')).rejects.toBeInstanceOf(
      AddressLookupError,
    );
    const empty = fakeServices({ result: [], status: 'OK' }, { result: {}, status: 'OK' });
    await expect(createPlacesLookup(empty.services, 'AU').resolve('x')).rejects.toBeInstanceOf(
      AddressLookupError,
    );
  });
});
