/** API shapes of builds (api-contract.md). Type-only module, safe to import from the UI. */

export interface BuildSummary {
  id: number;
  slug: string;
  title: string;
  description: string;
  featured_image: string | null;
  category: string | null;
  budget: number | null;
  views: number;
  published_at: string | null;
  total_price: number;
  component_count: number;
}

export interface ComponentPublic {
  id: number;
  type: string;
  name: string;
  specs: string | null;
  price: number | null;
  amazon_link: string | null;
  asin: string | null;
  position: number;
  is_replaced: 0 | 1;
  replacement_reason: string | null;
  price_updated_at: string | null;
  availability: string | null;
}

export interface CartExclusion {
  id: number;
  name: string;
  reason: 'missing_asin' | 'unavailable';
}

export interface BuildPublic extends BuildSummary {
  content: string;
  content_html: string;
  meta_title: string;
  meta_description: string;
  affiliate_tag: string;
  cart_url: string | null;
  /** Components left out of cart_url, and why (affiliate-compliance.md). */
  cart_excluded: CartExclusion[];
  /** Date of the oldest price shown: the page must never claim prices are fresher than this. */
  prices_updated_at: string | null;
  components: ComponentPublic[];
}

export interface BuildAdminRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: string | null;
  budget: number | null;
  status: string;
  views: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface ComponentAdmin extends ComponentPublic {
  build_id: number;
  brand: string | null;
  model: string | null;
  tier: string | null;
  price_source: string | null;
  availability_checked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BuildAdmin extends BuildAdminRow {
  content: string;
  featured_image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  affiliate_tag: string | null;
  total_price: number;
  components: ComponentAdmin[];
}

export interface BuildStats {
  total: number;
  published: number;
  drafts: number;
  totalViews: number;
}
