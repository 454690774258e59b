import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetCustodianDetailsQuery } from './record-view.api';
import { logoSrc, websiteHref } from './record-view.rules';

/**
 * A facility's card: name, address, phone, website (a link) and logo, from the requests context's
 * getCustodiansDetails. The name the request already carries shows while it loads, and stays when the
 * details cannot load.
 */
export const FacilityCard = ({
  id,
  name,
  heading,
  testId,
}: {
  id: string;
  name: string;
  heading: string;
  testId: string;
}) => {
  const { data, isLoading } = useGetCustodianDetailsQuery(id);
  const logo = logoSrc(data?.value?.image_data);
  const address = data?.address;
  const cityLine = address
    ? [
        address.city?.name,
        [address.state || address.city?.state_name, address.postcode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <Paper variant="outlined" component="section" aria-label={heading} data-testid={testId} sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {logo ? (
          <Avatar
            src={logo}
            alt={`${data?.name ?? name} logo`}
            variant="rounded"
            sx={{ width: 56, height: 56 }}
            data-testid="facility-logo"
          />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="facility-name">
            {data?.name ?? name}
          </Typography>
          {isLoading ? <Skeleton width={180} aria-hidden /> : null}
          {address?.primary_address ? (
            <Typography variant="body2" data-testid="facility-address">
              {address.primary_address}
              {cityLine ? <br /> : null}
              {cityLine}
            </Typography>
          ) : null}
          {data?.phone ? (
            <Typography variant="body2" data-testid="facility-phone">
              <Link href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>{data.phone}</Link>
            </Typography>
          ) : null}
          {data?.website ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              <Link
                href={websiteHref(data.website)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="facility-website"
              >
                {data.website}
              </Link>
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Paper>
  );
};
