import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath, useContentList } from '@/shared/api/list-contents';

/** "By creating an account you agree to the Terms and the Privacy Policy", linked to the real items. */
export function TermsNote() {
  const { data } = useContentList(2);
  const terms = data?.find((item) => item.slug === 'terms');
  const privacy = data?.find((item) => item.slug === 'privacy');
  const link = (item: typeof terms) => (item ? <Link to={detailPath(item)} /> : <span />);
  return (
    <p className="form__note">
      <Trans i18nKey="auth.register.terms" components={{ terms: link(terms), privacy: link(privacy) }} />
    </p>
  );
}
