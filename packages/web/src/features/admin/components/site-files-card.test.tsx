import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { SiteFilesCard } from './site-files-card';

describe('the admin panel’s search-engine files', () => {
  it('offers the sitemap and robots.txt as downloads of the files the server serves', () => {
    renderWithProviders(<SiteFilesCard />);
    const sitemap = screen.getByRole('link', { name: 'Download sitemap' });
    expect(sitemap.getAttribute('href')).toBe('/sitemap.xml');
    expect(sitemap.getAttribute('download')).toBe('sitemap.xml');
    const robots = screen.getByRole('link', { name: 'Download robots.txt' });
    expect(robots.getAttribute('href')).toBe('/robots.txt');
    expect(robots.getAttribute('download')).toBe('robots.txt');
  });
});
