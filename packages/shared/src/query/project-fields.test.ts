import { describe, expect, it } from 'vitest';
import { projectFields } from './project-fields.ts';

const article = {
  id: 'a1',
  title: 'Title',
  ai_summary: 'Summary',
  AI: { classification: 'Lawsuit', defcon_level: 2 },
};

describe('projectFields', () => {
  it('keeps everything when only is null', () => {
    expect(projectFields(article, null)).toEqual(article);
  });

  it('keeps the listed fields and the always-kept ones', () => {
    expect(projectFields(article, ['ai_summary'], ['id'])).toEqual({
      id: 'a1',
      ai_summary: 'Summary',
    });
  });

  it('keeps a nested field inside its parent object', () => {
    expect(projectFields(article, ['AI__defcon_level', 'title'])).toEqual({
      AI: { defcon_level: 2 },
      title: 'Title',
    });
  });

  it('skips fields the object does not have', () => {
    expect(projectFields(article, ['missing', 'title__x'])).toEqual({});
  });
});
