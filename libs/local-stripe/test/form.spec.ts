import { mergeMetadata, parseForm } from '../form.cjs';
import { addMonths } from '../store.cjs';

// The bracket notation the SDK sends, and the calendar months of billing periods.
describe('local-stripe: wire format and periods', () => {
  it('parses bracket notation into nested objects, numeric keys into arrays', () => {
    expect(
      parseForm(
        'line_items[0][price]=price_x&line_items[0][quantity]=2&line_items[1][price_data][product_data][name]=Fee%20%26%20more' +
          '&metadata[userId]=u1&metadata[0]=zero&expand[0]=subscription&expand[1]=payment_intent&items[0][id]=si_1&mode=payment',
      ),
    ).toEqual({
      line_items: [
        { price: 'price_x', quantity: '2' },
        { price_data: { product_data: { name: 'Fee & more' } } },
      ],
      metadata: { userId: 'u1', 0: 'zero' },
      expand: ['subscription', 'payment_intent'],
      items: [{ id: 'si_1' }],
      mode: 'payment',
    });
    expect(parseForm('expand[]=a&expand[]=b&lookup_keys[2]=c&lookup_keys[10]=d')).toEqual({
      expand: ['a', 'b'],
      lookup_keys: ['c', 'd'],
    });
    expect(parseForm('')).toEqual({});
  });

  it('merges metadata as Stripe does: empty values delete keys, an empty metadata clears it', () => {
    expect(mergeMetadata({ a: '1', b: '2' }, { b: '', c: '3' })).toEqual({ a: '1', c: '3' });
    expect(mergeMetadata({ a: '1' }, '')).toEqual({});
    expect(mergeMetadata({ a: '1' }, undefined)).toEqual({ a: '1' });
  });

  it('adds calendar months from the anchor, clamping the day', () => {
    const jan31 = Date.UTC(2027, 0, 31, 9, 30) / 1000;
    const months = [1, 2, 3, 13].map((n) => new Date(addMonths(jan31, n) * 1000).toISOString());
    expect(months).toEqual([
      '2027-02-28T09:30:00.000Z',
      '2027-03-31T09:30:00.000Z',
      '2027-04-30T09:30:00.000Z',
      '2028-02-29T09:30:00.000Z',
    ]);
  });
});
