! Composite operators and view indentation through the Fortran interface. A 1D mass action on a graded
! mesh of [0, 1] is split into two sub-operators over the first three and the last two elements and
! combined with ceedoperatorcreatecomposite / ceedoperatorcompositeaddsub (and the older spelling
! ceedcompositeoperatoraddsub). Checks: the composite integrates 1 and x over [0, 1] (1 and 1/2); the
! left part alone integrates 1 over [0, x_interface]; the composite action is the sum of the two parts.
! Then every object is viewed after ceed*setnumviewtabs; the indentation is checked against the
! expected output.

      subroutine mass(ctx,q,u1,u2,u3,u4,u5,u6,u7,u8,u9,u10,u11,u12,u13,u14,u15,u16, &
                      v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,v15,v16,ierr)
      real*8 ctx(1)
      real*8 u1(1),u2(1),u3(1),u4(1),u5(1),u6(1),u7(1),u8(1),u9(1),u10(1),u11(1),u12(1),u13(1),u14(1),u15(1),u16(1)
      real*8 v1(1),v2(1),v3(1),v4(1),v5(1),v6(1),v7(1),v8(1),v9(1),v10(1),v11(1),v12(1),v13(1),v14(1),v15(1),v16(1)
      integer q,ierr,i
      ! u1: quadrature weight, u2: dx/dxi, u3: u
      do i=1,q
        v1(i)=u1(i)*u2(i)*u3(i)
      enddo
      ierr=0
      end

      ! The sum of a vector's entries (the integral of the field whose mass action it is).
      real*8 function vectorsum(vec,n)
      implicit none
      include 'ceed/fortran.h'
      integer vec,n,i,err
      real*8 arr(1)
      integer*8 offset
      call ceedvectorgetarrayread(vec,ceed_mem_host,arr,offset,err)
      vectorsum=0.d0
      do i=1,n
        vectorsum=vectorsum+arr(offset+i)
      enddo
      call ceedvectorrestorearrayread(vec,arr,offset,err)
      end

      program t520
      implicit none
      include 'ceed/fortran.h'

      integer, parameter :: nelem=5, nleft=3, p=3, q=4, ndofs=nelem*(p-1)+1
      integer ceed,err,i,j,failures
      integer rleft,rright,bx,bu,qf,ctx,opleft,opright,opall
      integer x,u,v,vleft,vright,small
      integer indleft(nleft*p),indright((nelem-nleft)*p)
      real*8 xval(ndofs),varr(1),larr(1),rarr(1),total,ctxdata(1),vectorsum
      integer*8 voffset,loffset,roffset
      character(len=256) resource
      external mass,vectorsum

      failures=0
      call get_command_argument(1,resource)
      call ceedinit(trim(resource)//char(0),ceed,err)
      if (err /= 0) stop 2

      do i=0,nelem-1
        do j=0,p-1
          if (i < nleft) then
            indleft(p*i+j+1)=(p-1)*i+j
          else
            indright(p*(i-nleft)+j+1)=(p-1)*i+j
          endif
        enddo
      enddo
      do i=1,ndofs
        xval(i)=(dble(i-1)/(ndofs-1))**2
      enddo

      call ceedelemrestrictioncreate(ceed,nleft,p,1,1,ndofs,ceed_mem_host,ceed_copy_values,indleft,rleft,err)
      call ceedelemrestrictioncreate(ceed,nelem-nleft,p,1,1,ndofs,ceed_mem_host,ceed_copy_values,indright,rright,err)
      call ceedbasiscreatetensorh1lagrange(ceed,1,1,p,q,ceed_gauss,bx,err)
      call ceedbasiscreatetensorh1lagrange(ceed,1,1,p,q,ceed_gauss,bu,err)
      call ceedqfunctioncreateinterior(ceed,1,mass,'',qf,err)
      call ceedqfunctionaddinput(qf,'weight',1,ceed_eval_weight,err)
      call ceedqfunctionaddinput(qf,'dx',1,ceed_eval_grad,err)
      call ceedqfunctionaddinput(qf,'u',1,ceed_eval_interp,err)
      call ceedqfunctionaddoutput(qf,'v',1,ceed_eval_interp,err)

      call ceedvectorcreate(ceed,ndofs,x,err)
      call ceedvectorsetarray(x,ceed_mem_host,ceed_copy_values,xval,0_8,err)
      call ceedvectorcreate(ceed,ndofs,u,err)
      call ceedvectorcreate(ceed,ndofs,v,err)
      call ceedvectorcreate(ceed,ndofs,vleft,err)
      call ceedvectorcreate(ceed,ndofs,vright,err)

      call ceedoperatorcreate(ceed,qf,ceed_qfunction_none,ceed_qfunction_none,opleft,err)
      call ceedoperatorsetfield(opleft,'weight',ceed_elemrestriction_none,bx,ceed_vector_none,err)
      call ceedoperatorsetfield(opleft,'dx',rleft,bx,x,err)
      call ceedoperatorsetfield(opleft,'u',rleft,bu,ceed_vector_active,err)
      call ceedoperatorsetfield(opleft,'v',rleft,bu,ceed_vector_active,err)
      call ceedoperatorcreate(ceed,qf,ceed_qfunction_none,ceed_qfunction_none,opright,err)
      call ceedoperatorsetfield(opright,'weight',ceed_elemrestriction_none,bx,ceed_vector_none,err)
      call ceedoperatorsetfield(opright,'dx',rright,bx,x,err)
      call ceedoperatorsetfield(opright,'u',rright,bu,ceed_vector_active,err)
      call ceedoperatorsetfield(opright,'v',rright,bu,ceed_vector_active,err)
      call ceedoperatorcreatecomposite(ceed,opall,err)
      call ceedoperatorcompositeaddsub(opall,opleft,err)
      call ceedcompositeoperatoraddsub(opall,opright,err)
      if (err /= 0) failures=failures+1

      ! The integrals of 1 and of x over [0, 1].
      do j=1,2
        if (j == 1) then
          call ceedvectorsetvalue(u,1.d0,err)
        else
          call ceedvectorsetarray(u,ceed_mem_host,ceed_copy_values,xval,0_8,err)
        endif
        call ceedoperatorapply(opall,u,v,ceed_request_immediate,err)
        total=vectorsum(v,ndofs)
        if (abs(total-1.d0/j) > 1.d-13) then
          print *,'composite integral ',j,': ',total,' expected ',1.d0/j
          failures=failures+1
        endif
      enddo

      ! The parts: the left one covers [0, x(nleft*(p-1)+1)]; both sum to the composite action (on x).
      call ceedoperatorapply(opleft,u,vleft,ceed_request_immediate,err)
      call ceedoperatorapply(opright,u,vright,ceed_request_immediate,err)
      call ceedvectorgetarrayread(v,ceed_mem_host,varr,voffset,err)
      call ceedvectorgetarrayread(vleft,ceed_mem_host,larr,loffset,err)
      call ceedvectorgetarrayread(vright,ceed_mem_host,rarr,roffset,err)
      do i=1,ndofs
        if (abs(varr(voffset+i)-larr(loffset+i)-rarr(roffset+i)) > 1.d-15) then
          print *,'composite entry ',i,': ',varr(voffset+i),' expected ',larr(loffset+i)+rarr(roffset+i)
          failures=failures+1
        endif
      enddo
      call ceedvectorrestorearrayread(v,varr,voffset,err)
      call ceedvectorrestorearrayread(vleft,larr,loffset,err)
      call ceedvectorrestorearrayread(vright,rarr,roffset,err)
      call ceedvectorsetvalue(u,1.d0,err)
      call ceedoperatorapply(opleft,u,vleft,ceed_request_immediate,err)
      total=vectorsum(vleft,ndofs)
      if (abs(total-xval(nleft*(p-1)+1)) > 1.d-13) then
        print *,'left integral: ',total,' expected ',xval(nleft*(p-1)+1)
        failures=failures+1
      endif

      ! View indentation: one tab per level set on each object (the Ceed's own view names the resource,
      ! so only its setter's error code is checked).
      call ceedsetnumviewtabs(ceed,1,err)
      if (err /= 0) failures=failures+1
      call ceedvectorcreate(ceed,2,small,err)
      call ceedvectorsetvalue(small,0.5d0,err)
      call ceedvectorsetnumviewtabs(small,1,err)
      call ceedvectorview(small,err)
      call ceedelemrestrictionsetnumviewtabs(rright,2,err)
      call ceedelemrestrictionview(rright,err)
      call ceedbasissetnumviewtabs(bu,1,err)
      call ceedbasisview(bu,err)
      ctxdata(1)=2.d0
      call ceedqfunctioncontextcreate(ceed,ctx,err)
      call ceedqfunctioncontextsetdata(ctx,ceed_mem_host,ceed_copy_values,1,ctxdata,0_8,err)
      call ceedqfunctioncontextsetnumviewtabs(ctx,3,err)
      call ceedqfunctioncontextview(ctx,err)
      call ceedqfunctionsetnumviewtabs(qf,2,err)
      call ceedqfunctionview(qf,err)
      call ceedoperatorsetnumviewtabs(opall,1,err)
      call ceedoperatorview(opall,err)

      call ceedvectordestroy(x,err)
      call ceedvectordestroy(u,err)
      call ceedvectordestroy(v,err)
      call ceedvectordestroy(vleft,err)
      call ceedvectordestroy(vright,err)
      call ceedvectordestroy(small,err)
      call ceedoperatordestroy(opleft,err)
      call ceedoperatordestroy(opright,err)
      call ceedoperatordestroy(opall,err)
      call ceedqfunctiondestroy(qf,err)
      call ceedqfunctioncontextdestroy(ctx,err)
      call ceedelemrestrictiondestroy(rleft,err)
      call ceedelemrestrictiondestroy(rright,err)
      call ceedbasisdestroy(bx,err)
      call ceedbasisdestroy(bu,err)
      call ceeddestroy(ceed,err)
      if (err /= 0) failures=failures+1
      if (failures /= 0) stop 1
      end
