import { createParamDecorator, type ExecutionContext, Injectable, type PipeTransform } from '@nestjs/common';
import { VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { InjectContext, type UseCaseKit, type VerifiedClaims } from '@portal/server-kit';
import { type ImagingReader, type ReaderCredentials, StudyAccess } from '../study-access/study-access';

/** The credentials a request carries: the viewer token header and the user the global auth guard verified. */
const ReaderCredentialsOf = createParamDecorator((_: unknown, ctx: ExecutionContext): ReaderCredentials => {
  const req = ctx
    .switchToHttp()
    .getRequest<{ headers: Record<string, string | string[] | undefined>; user?: VerifiedClaims }>();
  const header = req.headers[VIEWER_TOKEN_HEADER];
  const bearer = req.headers.authorization;
  const bearerToken =
    typeof bearer === 'string' && bearer.startsWith('Bearer ') ? bearer.slice(7) : undefined;
  // A viewer token is a JWE (five parts): a DICOMweb client given one (a SMART Health Link's Endpoint
  // header, issue 29) sends it as any bearer token.
  const sealed = bearerToken?.split('.').length === 5;
  return {
    viewerToken: (Array.isArray(header) ? header[0] : header) || (sealed ? bearerToken : undefined),
    userId: req.user?.sub,
    bearer: bearerToken && !sealed && !req.user ? (bearer as string) : undefined,
  };
});

/** Resolves the credentials to a checked reader (401 with neither, a refused token's error). */
@Injectable()
export class ResolveReader implements PipeTransform<ReaderCredentials, Promise<ImagingReader>> {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
  ) {}

  transform(credentials: ReaderCredentials): Promise<ImagingReader> {
    return this.access.readerOf(this.kit.db, credentials);
  }
}

/** `@Reader() reader: ImagingReader`: the use cases get a checked reader and never see the HTTP request. */
export const Reader = (): ParameterDecorator => ReaderCredentialsOf(ResolveReader);
