// Resamples a CMYK profile's device-to-Lab conversion (relative colorimetric) into a small input profile: a 7-point
// CLUT as its AToB0, a D50 white point. Usage: small-cmyk in.icc out.icc
#include <lcms2.h>
#include <stdio.h>
static cmsInt32Number sample(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
  cmsDoTransform((cmsHTRANSFORM)cargo, in, out, 1);
  return TRUE;
}
int main(int argc, char **argv) {
  if (argc != 3) return 2;
  cmsHPROFILE source = cmsOpenProfileFromFile(argv[1], "r");
  cmsHPROFILE lab = cmsCreateLab2Profile(NULL);
  if (!source || !lab) return 3;
  cmsHTRANSFORM transform = cmsCreateTransform(source, TYPE_CMYK_16, lab, TYPE_LabV2_16, INTENT_RELATIVE_COLORIMETRIC,
                                               cmsFLAGS_NOOPTIMIZE | cmsFLAGS_NOCACHE);
  if (!transform) return 4;
  cmsHPROFILE out = cmsCreateProfilePlaceholder(NULL);
  cmsSetProfileVersion(out, 2.1);
  cmsSetDeviceClass(out, cmsSigInputClass);
  cmsSetColorSpace(out, cmsSigCmykData);
  cmsSetPCS(out, cmsSigLabData);
  cmsSetHeaderRenderingIntent(out, INTENT_RELATIVE_COLORIMETRIC);
  cmsPipeline *pipeline = cmsPipelineAlloc(NULL, 4, 3);
  cmsStage *clut = cmsStageAllocCLut16bit(NULL, 7, 4, 3, NULL);
  cmsStageSampleCLut16bit(clut, sample, transform, 0);
  cmsPipelineInsertStage(pipeline, cmsAT_BEGIN, clut);
  cmsWriteTag(out, cmsSigAToB0Tag, pipeline);
  cmsWriteTag(out, cmsSigAToB1Tag, pipeline);
  cmsWriteTag(out, cmsSigMediaWhitePointTag, cmsD50_XYZ());
  cmsMLU *description = cmsMLUalloc(NULL, 1);
  cmsMLUsetASCII(description, "en", "US", "Decor test CMYK (Chemical proof, 7-point)");
  cmsWriteTag(out, cmsSigProfileDescriptionTag, description);
  cmsMLU *copyright = cmsMLUalloc(NULL, 1);
  cmsMLUsetASCII(copyright, "en", "US", "Public domain: resampled from Graeme W. Gill's Chemical proof (libvips' cmyk)");
  cmsWriteTag(out, cmsSigCopyrightTag, copyright);
  return cmsSaveProfileToFile(out, argv[2]) ? 0 : 1;
}
