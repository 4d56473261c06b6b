import { describe, expect, it } from 'vitest';
import { failure } from './query-spec.fixture.ts';

describe('parseQuery: errors name the parameter', () => {
  it.each([
    ['foo=1', 'foo', "Unknown query parameter 'foo'"],
    ['price__between=1,2', 'price__between', "Unknown operator 'between' in 'price__between'"],
    ['price__icontains=1', 'price__icontains', "Operator 'icontains' is not allowed on 'price'"],
    ['id__ne=1', 'id__ne', "Operator 'ne' is not allowed on 'id'"],
    [
      'price__gte=abc',
      'price__gte',
      "Invalid value for 'price__gte': expected a number, got 'abc'",
    ],
    ['price=1e400', 'price', "Invalid value for 'price': expected a number, got '1e400'"],
    [
      'interest_score=1.5',
      'interest_score',
      "Invalid value for 'interest_score': expected an integer, got '1.5'",
    ],
    [
      'is_blocked=yes',
      'is_blocked',
      "Invalid value for 'is_blocked': expected true, false, 1 or 0, got 'yes'",
    ],
    [
      'status=DONE',
      'status',
      "Invalid value for 'status': expected one of INDEX, PROCESSED, got 'DONE'",
    ],
    [
      'type__in=CHAT,chat',
      'type__in',
      "Invalid value for 'type__in': expected one of PORTFOLIO, email_prompt, CHAT, got 'chat'",
    ],
    [
      'ai_summary__exists=maybe',
      'ai_summary__exists',
      "Invalid value for 'ai_summary__exists': expected true, false, 1 or 0, got 'maybe'",
    ],
    [
      'related_exchange_tickers__size=-1',
      'related_exchange_tickers__size',
      "Invalid value for 'related_exchange_tickers__size': expected an integer from 0 to 100000, got '-1'",
    ],
    ['limit=101', 'limit', "Invalid 'limit': must be an integer from 0 to 100"],
    ['limit=-1', 'limit', "Invalid 'limit': must be an integer from 0 to 100"],
    ['limit=ten', 'limit', "Invalid 'limit': must be an integer from 0 to 100"],
    ['skip=100001', 'skip', "Invalid 'skip': must be an integer from 0 to 100000"],
    ['order_by=password', 'order_by', "Invalid 'order_by': cannot sort by 'password'"],
    ['order_by=-experiment', 'order_by', "Invalid 'order_by': cannot sort by 'experiment'"],
    ['order_by=price,-price', 'order_by', "Invalid 'order_by': 'price' is listed twice"],
    ['only=username', 'only', "Invalid 'only': cannot select 'username'"],
    ['__proto__=1', '__proto__', "Unknown query parameter '__proto__'"],
    ['constructor__eq=1', 'constructor__eq', "Unknown query parameter 'constructor__eq'"],
  ])('%s', (qs, param, error) => {
    expect(failure(qs)).toEqual({ param, error });
  });

  it('reports the first bad parameter in the order given', () => {
    expect(failure('price=x&foo=1').param).toBe('price');
  });
});

describe('parseQuery: abuse guards', () => {
  it('refuses more than 50 parameters', () => {
    const qs = Array.from({ length: 51 }, (_, i) => `price__in=${i}`).join('&');
    expect(failure(qs).error).toBe('Too many query parameters: at most 50 are allowed');
  });

  it('refuses values over 500 characters, cutting the echo short', () => {
    const result = failure({ title: 'x'.repeat(501) });
    expect(result.error).toBe("Invalid value for 'title': at most 500 characters are allowed");
    expect(failure({ ['y'.repeat(200)]: '1' }).error.length).toBeLessThan(100);
  });

  it('refuses lists over 200 items', () => {
    const list = Array.from({ length: 201 }, () => '1').join(',');
    expect(failure(`price__in=${list}`).error).toBe(
      "Invalid value for 'price__in': at most 200 items are allowed",
    );
  });

  it('refuses NUL characters, which PostgreSQL text cannot hold', () => {
    expect(failure({ title: 'a\0b' }).error).toBe(
      "Invalid value for 'title': must not contain NUL characters",
    );
  });

  it('refuses values that are not strings in a parsed record', () => {
    const input = { price: 5 } as unknown as Record<string, string>;
    expect(failure(input)).toEqual({ param: 'price', error: "Invalid value for 'price'" });
  });
});
